// POST /api/shipping/shiprocket/webhook (Shiprocket's server, no session; CSRF-exempt, checked by the
// x-api-key token set in Shiprocket's webhook settings, SHIPROCKET_WEBHOOK_TOKEN; ADR 086): a parcel's
// scans, recorded once each and only forwards. -> 200 {success, status: 'processed' | 'ignored'};
// 401 for a missing or wrong token.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { Unauthorized } from '~/domain/errors'
import { recordReturnPickupScans } from '~/domain/shipping/return-pickups.server'
import { recordScans } from '~/domain/shipping/shipment-scans.server'
import { getDb } from '~/infra/db.server'
import { webhookTokenMatches } from '~/infra/shipping-setup.server'
import { readTrackingWebhook } from '~/infra/shiprocket-scans.server'
import { SHIPMENT_MESSAGES } from '~/lib/shipments'
import type { Route } from './+types/shipping-webhook'

export const loader = () => methodNotAllowed('POST')

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    if (!webhookTokenMatches(request.headers.get('x-api-key'))) throw new Unauthorized(SHIPMENT_MESSAGES.badWebhookToken)
    const update = readTrackingWebhook(await request.json().catch(() => null))
    // Shiprocket retries anything but a 200: a body we cannot use is acknowledged and left.
    if (!update) return apiJson({ success: true, status: 'ignored' })
    // A parcel's AWB, else a return pickup's (ADR 104).
    const result =
      (await recordScans(getDb(), update.awb, update.scans, 'webhook', update.expectedDelivery)) ?? (await recordReturnPickupScans(getDb(), update.awb, update.scans, 'webhook'))
    return apiJson({ success: true, status: result ? 'processed' : 'ignored' })
  })
}
