// The address form's page adapter (account page and checkout): one action for its intents, with
// Conform replies for bad input and flash toasts for the rest.
import { getDb } from '~/infra/db.server'
import { ADDRESS_MESSAGES } from '~/lib/addresses'
import { addressSchema } from '~/schemas/address'
import { addAddress, deleteAddress, updateAddress } from '~/domain/accounts/addresses.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/**
 * Runs an address intent (address-add, address-update, address-delete) for the signed-in user and
 * goes back to `backTo` with a toast; bad input is a Conform reply. A refusal by the domain (e.g.
 * docs/spec's fourth address) is a flash toast too, so the form starts afresh.
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
      const submission = parseForm(form, { schema: addressSchema })
      if (submission.status !== 'success') return invalidForm(submission)
      if (intent === 'address-update') {
        await updateAddress(db, userId, String(form.get('addressId') ?? ''), submission.value)
        return done(ADDRESS_MESSAGES.updated)
      }
      await addAddress(db, userId, submission.value)
      return done(ADDRESS_MESSAGES.added)
    },
    { flash: backTo },
  )
}
