// The returns' page forms (issue 31, ADR 099): the shopper's "Return pieces" on her order page, the
// owner's moves on the admin order page and her policy page. Each answers a Conform reply echoing
// what was typed, so without JS the page comes back with each message next to its field and
// nothing changed; a success goes back to the page with a toast.
import { getDb } from '~/infra/db.server'
import { formatPaise } from '~/lib/money'
import { RETURN_LIMITS, RETURN_MESSAGES } from '~/lib/returns'
import { Invalid } from '~/domain/errors'
import { checkReturnRequest, closeReturn, decideReturn, receiveReturn, refundReturn, saveReturnPolicy } from '~/domain/orders/returns.server'
import { requestReturnOrExchange, settleExchange } from '~/domain/orders/exchanges.server'
import { EXCHANGE_MESSAGES, parseChoiceValue } from '~/lib/exchanges'
import { approveReturnWithPickup, bookReturnPickup } from '~/domain/shipping/return-pickups.server'
import { RETURN_PICKUP_MESSAGES } from '~/lib/return-pickups'
import { ownerReturnFormSchema, returnFormSchema, returnPolicyFormSchema, wholeNumberOf } from '~/schemas/returns'
import { shippingProvider } from './admin-ship.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { type PhotoForm, preparePhotoFiles, readPhotoForm } from './photo-form.server'
import { sendPartialRefundNow } from './refunds-now.server'
import { redirectWithToast } from './toast/toast.server'

/** The `<prefix>[<line>]` fields of a form, by line. */
function byLine(form: FormData, prefix: string): Map<number, string> {
  const values = new Map<number, string>()
  for (const [name, value] of form) {
    const match = new RegExp(`^${prefix}\\[(\\d{1,3})\\]$`).exec(name)
    if (match && typeof value === 'string') values.set(Number(match[1]), value)
  }
  return values
}

/**
 * The order page's post, read as the custom-order form's is (ADR 079, 101): the body as it streams,
 * photos of damage past the limits dropped with the limit in words, every typed field kept.
 */
export function readOrderPagePost(request: Request): Promise<PhotoForm> {
  return readPhotoForm(request, {
    maxFiles: RETURN_LIMITS.photos,
    maxBytes: RETURN_LIMITS.photoBytes,
    tooMany: RETURN_MESSAGES.tooManyPhotos,
    tooLarge: RETURN_MESSAGES.photosTooLarge,
  })
}

/**
 * The shopper's "Return pieces" form (the loader checked the order is hers). The ask is checked
 * before any image work; the photos are prepared (re-encoded, nothing stored) and stored by the
 * domain with the return only (ADR 101). A refusal answers every field's message at once.
 */
export function returnRequestFormAction(orderId: string, { form, photos, photoErrors }: PhotoForm, back: string) {
  return formAction(
    async () => {
      const reason = String(form.get('reason') ?? '')
      const exchange = byLine(form, 'exchange')
      const items = [...byLine(form, 'qty')].map(([line, typed]) => ({ line, quantity: wholeNumberOf(typed), reason, exchangeFor: parseChoiceValue(exchange.get(line) ?? '') }))
      const ask = { items, note: String(form.get('note') ?? '') }
      const db = getDb()
      try {
        // Dropped photos were chosen: they count as chosen, so that the message says why they were dropped.
        await checkReturnRequest(db, orderId, { ...ask, photos: photoErrors.length > 0 ? 1 : photos.length })
      } catch (error) {
        if (error instanceof Invalid && photoErrors.length > 0) throw new Invalid({ ...error.errors, photos: photoErrors })
        throw error
      }
      if (photoErrors.length > 0) throw new Invalid({ photos: photoErrors })
      const prepared = await preparePhotoFiles(photos, 'return', RETURN_MESSAGES.photosTooLarge)
      await requestReturnOrExchange(db, orderId, { ...ask, photos: prepared })
      return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.requested })
    },
    { reply: { submission: () => parseForm(form, { schema: returnFormSchema }) } },
  )
}

/** The owner's moves: approve or decline (with a message), received (restock or write off per line), refund. */
export function ownerReturnFormAction(orderId: string, form: FormData, adminId: string) {
  const back = `/admin/orders/${orderId}`
  const returnId = String(form.get('returnId') ?? '')
  const intent = String(form.get('intent') ?? '')
  return formAction(
    async () => {
      const db = getDb()
      if (intent === 'return-approve' || intent === 'return-book-pickup') {
        // With a courier aggregator the pickup is booked too (ADR 104); a failure leaves the return approved.
        const message = String(form.get('message') ?? '')
        const done = intent === 'return-approve' ? await approveReturnWithPickup(db, shippingProvider(), orderId, returnId, message, adminId) : await bookReturnPickup(db, shippingProvider(), orderId, returnId)
        if (!done.pickup) return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.approved })
        if (!done.pickup.booked) return redirectWithToast(back, { type: 'error', message: RETURN_PICKUP_MESSAGES.approvedNotBooked })
        return redirectWithToast(back, { type: 'success', message: intent === 'return-approve' ? RETURN_MESSAGES.approved : RETURN_PICKUP_MESSAGES.booked(done.pickup.courierName, done.pickup.awb) })
      }
      if (intent === 'return-decline') {
        await decideReturn(db, orderId, returnId, { approve: false, message: String(form.get('message') ?? '') }, adminId)
        return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.declined })
      }
      if (intent === 'return-close') {
        await closeReturn(db, orderId, returnId, String(form.get('message') ?? ''), adminId)
        return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.closed })
      }
      if (intent === 'return-receive') {
        const restock = Object.fromEntries([...byLine(form, 'restock')].map(([line, choice]) => [line, choice === 'restock']))
        await receiveReturn(db, orderId, returnId, restock, adminId)
        return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.received })
      }
      if (intent === 'return-settle') {
        // An exchange (ADR 105): the difference settled either way and the replacement order made, once.
        const settled = await settleExchange(db, orderId, returnId, { adminId })
        if (settled.refundId) await sendPartialRefundNow(settled.refundId)
        return redirectWithToast(back, { type: 'success', message: EXCHANGE_MESSAGES.settled })
      }
      const { refund } = await refundReturn(db, orderId, returnId, { adminId, withoutPickup: intent === 'return-refund-now' })
      await sendPartialRefundNow(refund.id)
      return redirectWithToast(back, { type: 'success', message: RETURN_MESSAGES.refunded(formatPaise(refund.amountPaise)) })
    },
    { reply: { submission: () => parseForm(form, { schema: ownerReturnFormSchema }) } },
  )
}

/** The owner's return policy. */
export function returnPolicyFormAction(form: FormData) {
  return formAction(
    async () => {
      const days = String(form.get('windowDays') ?? '').trim()
      await saveReturnPolicy(getDb(), {
        windowDays: /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN,
        reasons: form.getAll('reasons').map(String),
        specialOnlyDamaged: form.get('specialOnlyDamaged') === 'on',
        sendTo: String(form.get('sendTo') ?? ''),
      })
      return redirectWithToast('/admin/returns', { type: 'success', message: RETURN_MESSAGES.saved })
    },
    { reply: { submission: () => parseForm(form, { schema: returnPolicyFormSchema }) } },
  )
}
