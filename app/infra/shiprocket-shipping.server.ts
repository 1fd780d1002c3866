// Shiprocket as the shop's ShippingProvider (issue 30, ADR 086): booking is create the order
// (POST /orders/create/adhoc, our order id as its channel order id), assign an AWB (POST
// /courier/assign/awb) and ask for a pickup (POST /courier/generate/pickup); labels and manifests are
// PDFs Shiprocket links to (POST /courier/generate/label, /manifests/generate); tracking is GET
// /courier/track/awb/{awb}; cancelling is POST /orders/cancel. Creating an order whose channel order id
// exists answers the existing order (with its AWB once assigned), which is what makes a retry safe.
// A failed delivery (NDR, ADR 102) is answered with POST /ndr/{awb}/action (action 're-attempt', with
// phone, address1, address2 and comments, or 'return'); GET /ndr/{awb} lists the actions already
// taken, so a retry after a timeout sends none twice. A return's courier pickup is POST /orders/create/return
// (our return's id as its channel order id: asked again, the same return order) and its AWB from
// /courier/assign/awb with is_return.
import { ServiceUnavailable as CourierUnavailable } from '~/domain/errors'
import type { Booking, BookingRequest, ShippingProvider } from '~/domain/shipping/shipping-provider'
import { expectedDay, readScans } from './shiprocket-scans.server'
import { type ShiprocketSession, type ShiprocketSettings, shiprocketSession } from './shiprocket.server'

export interface ShiprocketShippingSettings extends ShiprocketSettings {
  /** The pickup location's nickname in Shiprocket (Settings > Pickup addresses). */
  pickupLocation: string
  /** The studio's phone for a return pickup's destination (SHIPROCKET_PICKUP_PHONE), when the request has none (ADR 104). */
  pickupPhone?: string
}

type Json = Record<string, unknown>

/** The NDR action API's words (POST /ndr/{awb}/action) for the owner's answers (ADR 102). */
const SHIPROCKET_NDR_ACTION = { reattempt: 're-attempt', return: 'return' } as const

async function jsonOf(response: Response): Promise<Json> {
  const body = (await response.json().catch(() => null)) as unknown
  return body && typeof body === 'object' ? (body as Json) : {}
}

function refused(step: string, response: Response, body: Json): CourierUnavailable {
  const message = typeof body.message === 'string' ? body.message : ''
  return new CourierUnavailable(`Shiprocket ${step}: ${response.status} ${message}`.trim())
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/** "2026-11-27 14:05" in India time, as Shiprocket wants order dates. */
function indiaMinute(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ')
}

export function shiprocketShipping(settings: ShiprocketShippingSettings, now: () => number = Date.now): ShippingProvider {
  const session: ShiprocketSession = shiprocketSession(settings, now)

  async function post(step: string, path: string, body: unknown): Promise<Json> {
    const response = await session.call(path, { method: 'POST', body })
    const json = await jsonOf(response)
    if (!response.ok) throw refused(step, response, json)
    return json
  }

  /** Shiprocket hosts the PDFs it makes: fetched here so the owner's page serves them itself. */
  async function pdfAt(step: string, url: unknown): Promise<Uint8Array> {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new CourierUnavailable(`Shiprocket ${step}: no PDF link`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(session.timeoutMs) })
      if (!response.ok) throw new CourierUnavailable(`Shiprocket ${step}: PDF ${response.status}`)
      return new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      if (error instanceof CourierUnavailable) throw error
      throw new CourierUnavailable(`Shiprocket ${step}: ${String(error)}`)
    }
  }

  /** What an order and a return order say alike of the parcel: its pieces, prepaid, its price, box and weight. */
  function parcelFields(request: Pick<BookingRequest, 'items' | 'subtotalPaise' | 'parcel'>) {
    return {
      order_items: request.items.map((item) => ({ name: item.name, sku: item.sku, units: item.units, selling_price: (item.unitPricePaise / 100).toFixed(2) })),
      payment_method: 'Prepaid',
      sub_total: (request.subtotalPaise / 100).toFixed(2),
      length: request.parcel.lengthCm,
      breadth: request.parcel.breadthCm,
      height: request.parcel.heightCm,
      weight: (request.parcel.grams / 1000).toFixed(3),
    }
  }

  function orderBody(request: BookingRequest) {
    return {
      order_id: request.channelOrderId,
      order_date: indiaMinute(request.orderedAt),
      pickup_location: settings.pickupLocation,
      comment: request.orderNumber,
      billing_customer_name: request.customer.name,
      billing_last_name: '',
      billing_address: request.customer.line1,
      billing_address_2: request.customer.line2,
      billing_city: request.customer.city,
      billing_pincode: request.customer.pincode,
      billing_state: request.customer.state,
      billing_country: 'India',
      billing_email: request.customer.email,
      billing_phone: request.customer.phone.replace(/\D/g, '').slice(-10),
      shipping_is_billing: true,
      ...parcelFields(request),
    }
  }

  return {
    name: 'shiprocket',
    async book(request) {
      // Create, or find again: the channel order id is ours, so a retry answers the same order.
      const order = await post('create order', '/orders/create/adhoc', orderBody(request))
      const providerOrderId = text(order.order_id)
      const shipmentId = text(order.shipment_id)
      if (!providerOrderId || !shipmentId) throw new CourierUnavailable('Shiprocket create order: no order or shipment id')
      let awb = text(order.awb_code)
      let courierName = text(order.courier_name)
      let expectedDelivery: string | null = null
      if (!awb) {
        const response = await session.call('/courier/assign/awb', { method: 'POST', body: { shipment_id: Number(shipmentId) || shipmentId } })
        const assigned = await jsonOf(response)
        const data = ((assigned.response as Json | undefined)?.data ?? {}) as Json
        awb = text(data.awb_code)
        courierName = text(data.courier_name) || courierName
        if (!awb) {
          // Assigned already (a retry raced an earlier call): the order, asked again, carries it.
          const again = await post('create order', '/orders/create/adhoc', orderBody(request))
          awb = text(again.awb_code)
          courierName = text(again.courier_name) || courierName
        }
        if (!awb) throw refused('assign AWB', response, { message: text(data.awb_assign_error) || text(assigned.message) })
      }
      // The pickup: asked once more on a retry, which Shiprocket answers "already in pickup queue".
      const pickup = await session.call('/courier/generate/pickup', { method: 'POST', body: { shipment_id: [Number(shipmentId) || shipmentId] } })
      const picked = await jsonOf(pickup)
      if (!pickup.ok && !/already/i.test(text(picked.message))) throw refused('pickup', pickup, picked)
      expectedDelivery = expectedDay((picked.response as Json | undefined)?.etd ?? order.etd)
      const booking: Booking = {
        providerOrderId,
        providerShipmentId: shipmentId,
        awb,
        courierName: courierName || 'Courier',
        trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
        expectedDelivery,
      }
      return booking
    },
    async label(booking) {
      const made = await post('label', '/courier/generate/label', { shipment_id: [Number(booking.providerShipmentId) || booking.providerShipmentId] })
      return pdfAt('label', made.label_url)
    },
    async manifest(bookings) {
      const made = await post('manifest', '/manifests/generate', { shipment_id: bookings.map((b) => Number(b.providerShipmentId) || b.providerShipmentId) })
      return pdfAt('manifest', made.manifest_url)
    },
    async track(awb) {
      const response = await session.call(`/courier/track/awb/${encodeURIComponent(awb)}`)
      const body = await jsonOf(response)
      if (!response.ok) throw refused('track', response, body)
      const data = (body.tracking_data ?? {}) as Json
      return { scans: readScans(data.shipment_track_activities), expectedDelivery: expectedDay(data.etd) }
    },
    async cancel(providerOrderId) {
      await post('cancel', '/orders/cancel', { ids: [Number(providerOrderId) || providerOrderId] })
    },
    async bookReturnPickup(request) {
      // A return order under our return's id (asked again: the same order), then its AWB (is_return).
      const body = {
        order_id: request.channelReturnId,
        order_date: indiaMinute(request.approvedAt),
        comment: `Return of ${request.orderNumber}`,
        pickup_customer_name: request.from.name,
        pickup_address: request.from.line1,
        pickup_address_2: request.from.line2,
        pickup_city: request.from.city,
        pickup_state: request.from.state,
        pickup_country: 'India',
        pickup_pincode: request.from.pincode,
        pickup_email: request.from.email,
        pickup_phone: request.from.phone.replace(/\D/g, '').slice(-10),
        shipping_customer_name: request.to.name,
        shipping_address: request.to.line1,
        shipping_city: request.to.city,
        shipping_state: request.to.state,
        shipping_country: 'India',
        shipping_pincode: request.to.pincode,
        shipping_phone: (request.to.phone || settings.pickupPhone || '').replace(/\D/g, '').slice(-10),
        ...parcelFields(request),
      }
      const order = await post('create return', '/orders/create/return', body)
      const providerOrderId = text(order.order_id)
      const shipmentId = text(order.shipment_id)
      if (!providerOrderId || !shipmentId) throw new CourierUnavailable('Shiprocket create return: no order or shipment id')
      let awb = text(order.awb_code)
      let courierName = text(order.courier_name)
      if (!awb) {
        const response = await session.call('/courier/assign/awb', { method: 'POST', body: { shipment_id: Number(shipmentId) || shipmentId, is_return: 1 } })
        const data = ((((await jsonOf(response)).response as Json | undefined)?.data ?? {}) as Json)
        awb = text(data.awb_code)
        courierName = text(data.courier_name) || courierName
        if (!awb) {
          // Assigned already (a retry after a lost answer): the return order, asked again, carries it.
          const again = await post('create return', '/orders/create/return', body)
          awb = text(again.awb_code)
          courierName = text(again.courier_name) || courierName
        }
        if (!awb) throw refused('assign return AWB', response, { message: text(data.awb_assign_error) })
      }
      const booking: Booking = { providerOrderId, providerShipmentId: shipmentId, awb, courierName: courierName || 'Courier', trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`, expectedDelivery: null }
      return booking
    },
    async ndrAction(awb, request) {
      const path = `/ndr/${encodeURIComponent(awb)}`
      // A retry after a timeout: the NDR's history tells whether the first call landed (no second action).
      const current = await session.call(path)
      if (current.ok) {
        const data = (await jsonOf(current)).data
        const ndr = (Array.isArray(data) ? data[0] : data) as Json | undefined
        const history = Array.isArray(ndr?.history) ? (ndr.history as Json[]) : []
        if (history.some((entry) => Number(entry.ndr_attempt) === request.attempt && text(entry.action) === SHIPROCKET_NDR_ACTION[request.action])) return
      }
      const body: Json = { action: SHIPROCKET_NDR_ACTION[request.action], comments: request.comments }
      if (request.phone) body.phone = request.phone
      if (request.address1) body.address1 = request.address1
      if (request.address2) body.address2 = request.address2
      await post('NDR action', `${path}/action`, body)
    },
  }
}
