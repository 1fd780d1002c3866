// The address form's page adapter (account page and checkout): one action for its intents, with
// Conform replies for bad input and flash toasts for the rest.
import { data } from 'react-router'
import { getDb } from '~/infra/db.server'
import { ADDRESS_MESSAGES } from '~/lib/addresses'
import { addressFormSchema, normalizePincode } from '~/schemas/address'
import { addAddress, deleteAddress, updateAddress } from '~/domain/accounts/addresses.server'
import { checkPlace } from '~/domain/shipping/address-place.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/**
 * Runs an address intent (address-add, address-update, address-delete) for the signed-in user and
 * goes back to `backTo` with a toast; bad input is a Conform reply. A refusal by the domain (e.g.
 * docs/spec's fourth address) is a flash toast too, so the form starts afresh. Before saving, the
 * pincode fills a blank city and state (shown to the shopper first) and questions a state it does
 * not lie in (issue 30).
 */
export function addressAction(userId: string, form: FormData, backTo: string) {
  const db = getDb()
  const done = (message: string) => redirectWithToast(backTo, { type: 'success', message })
  return formAction(
    async () => {
      const intent = String(form.get('intent') ?? '')
      if (intent === 'address-delete') {
        await deleteAddress(db, userId, String(form.get('addressId') ?? ''))
        return done(ADDRESS_MESSAGES.deleted)
      }
      const button = intent === 'address-update' ? 'Edit' : 'Add'
      const place = await checkPlace({
        pincode: normalizePincode(text(form, 'pincode')),
        city: text(form, 'city'),
        state: text(form, 'state'),
        confirmed: text(form, 'placeConfirmed'),
      })
      if (place.kind === 'filled') {
        const filled = parseForm(withValues(form, { city: place.city, state: place.state }), { schema: addressFormSchema })
        return data(filled.reply({ formErrors: [ADDRESS_MESSAGES.filledFromPincode(place.pincode, button)] }), { status: 400 })
      }
      if (place.kind === 'question') {
        const asked = parseForm(withValues(form, { placeConfirmed: place.confirmation }), { schema: addressFormSchema })
        const question = ADDRESS_MESSAGES.stateQuestion(place.pincode, place.pincodeState, place.state, button)
        return data(asked.reply({ fieldErrors: { state: [question] } }), { status: 400 })
      }
      const submission = parseForm(form, { schema: addressFormSchema })
      if (submission.status !== 'success') return invalidForm(submission)
      const { placeConfirmed: _, ...address } = submission.value
      if (intent === 'address-update') {
        await updateAddress(db, userId, String(form.get('addressId') ?? ''), address)
        return done(ADDRESS_MESSAGES.updated)
      }
      await addAddress(db, userId, address)
      return done(ADDRESS_MESSAGES.added)
    },
    { flash: backTo },
  )
}

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** A copy of the form with some fields set (what the shopper is shown to check). */
function withValues(form: FormData, values: Record<string, string>): FormData {
  const copy = new FormData()
  for (const [name, value] of form) if (!(name in values)) copy.append(name, value)
  for (const [name, value] of Object.entries(values)) copy.append(name, value)
  return copy
}
