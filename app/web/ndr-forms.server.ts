// The owner's answers to a failed delivery and her check of a parcel back at the studio, on the admin
// order page (issue 30, ADR 102). A bad field comes back next to it and nothing is sent; the courier
// not answering comes back as the form's message (tap again: nothing is sent twice); success goes back
// to the page with a toast.
import { getDb } from '~/infra/db.server'
import { Invalid } from '~/domain/errors'
import { answerNdr, receiveParcelBack } from '~/domain/shipping/parcel-ndrs.server'
import { NDR_MESSAGES } from '~/lib/shipments'
import { ndrAnswerSchema, parcelReceivedFormSchema } from '~/schemas/ndr'
import { shippingProvider } from './admin-ship.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

const back = (orderId: string) => `/admin/orders/${orderId}`

/** Re-attempt (with the corrections) or Return to origin. */
export async function ndrFormAction(orderId: string, form: FormData, adminId: string) {
  const submission = parseForm(form, { schema: ndrAnswerSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const input = submission.value
  return formAction(
    async () => {
      const action = input.intent === 'ndr-reattempt' ? 'reattempt' : 'return'
      await answerNdr(getDb(), shippingProvider(), orderId, { action, phone: input.phone, addressLine: input.addressLine, landmark: input.landmark, comment: input.comment }, adminId)
      return redirectWithToast(back(orderId), { type: 'success', message: action === 'reattempt' ? NDR_MESSAGES.reattemptSent : NDR_MESSAGES.returnSent })
    },
    { reply: { submission, fieldErrors: (error) => (error instanceof Invalid ? error.errors : { ndr: [error.message] }) } },
  )
}

/** "Received back": each line restocked (`restock[<line>]` = 'restock') or written off. */
export function parcelReceivedFormAction(orderId: string, form: FormData, adminId: string) {
  return formAction(
    async () => {
      const restock: Record<number, boolean> = {}
      for (const [name, value] of form) {
        const match = /^restock\[(\d{1,3})\]$/.exec(name)
        if (match) restock[Number(match[1])] = value === 'restock'
      }
      const received = await receiveParcelBack(getDb(), orderId, restock, adminId)
      const kept = received.receivedItems.filter((item) => item.restock).length
      return redirectWithToast(back(orderId), { type: 'success', message: NDR_MESSAGES.receivedBack(kept, received.receivedItems.length) })
    },
    { reply: { submission: () => parseForm(form, { schema: parcelReceivedFormSchema }), fieldErrors: (error) => (error instanceof Invalid ? error.errors : { receive: [error.message] }) } },
  )
}
