// The admin's automatic offer pages (ADR 078): the form's starting values from an offer, the one
// action of new and edit (parse with the shared schema, save, back to the list with a toast), and the
// list's Pause / Resume / End buttons.
import type { OfferFormValues } from '~/components/admin/offer-form'
import { getDb } from '~/infra/db.server'
import { isoToIndiaLocal } from '~/lib/banners'
import { paiseToRupees } from '~/lib/money'
import { offerSchema, toOfferInput } from '~/schemas/offer'
import { createOffer, endOffer, OFFER_ADMIN_MESSAGES, type OfferView, setOfferPaused, updateOffer } from '~/domain/promotions/offers.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

const LIST = '/admin/offers'

export function toOfferFormValues(offer: OfferView): OfferFormValues {
  return {
    name: offer.name,
    kind: offer.kind,
    percent: offer.kind === 'percent_off' ? String(offer.percent) : '',
    minOrder: offer.kind === 'free_delivery' ? String(paiseToRupees(offer.minOrderPaise)) : '',
    scope: offer.scope,
    scopeItems: offer.scopeItems,
    startsAt: isoToIndiaLocal(offer.startsAt),
    endsAt: isoToIndiaLocal(offer.endsAt),
    paused: offer.paused,
    stackable: offer.stackable,
  }
}

/** New (`id` null) or edit: saves the form's offer and goes back to the list. */
export async function saveOfferForm(request: Request, id: string | null) {
  const submission = parseForm(await request.formData(), { schema: offerSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      const db = getDb()
      const input = toOfferInput(submission.value)
      const saved = id ? await updateOffer(db, id, input) : await createOffer(db, input)
      return redirectWithToast(LIST, { type: 'success', message: id ? OFFER_ADMIN_MESSAGES.saved(saved.name) : OFFER_ADMIN_MESSAGES.created(saved.name) })
    },
    { reply: { submission } },
  )
}

/** The list's buttons: pause, resume, end now. */
export async function offerListForm(request: Request) {
  const form = await request.formData()
  const id = String(form.get('id') ?? '').slice(0, 64)
  const intent = String(form.get('intent') ?? '')
  return formAction(
    async () => {
      const db = getDb()
      if (intent === 'end') {
        const offer = await endOffer(db, id)
        return redirectWithToast(LIST, { type: 'success', message: OFFER_ADMIN_MESSAGES.ended(offer.name) })
      }
      const paused = intent === 'pause'
      const offer = await setOfferPaused(db, id, paused)
      return redirectWithToast(LIST, { type: 'success', message: paused ? OFFER_ADMIN_MESSAGES.paused(offer.name) : OFFER_ADMIN_MESSAGES.resumed(offer.name) })
    },
    { flash: LIST },
  )
}
