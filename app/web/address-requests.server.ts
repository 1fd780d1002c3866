// The address form's page adapter (account page and checkout): Conform replies and flash toasts.
import type { SubmissionResult } from '@conform-to/react'
import { getDb } from '~/infra/db.server'
import { ADDRESS_MESSAGES } from '~/lib/addresses'
import { addressSchema } from '~/schemas/address'
import { addAddress, deleteAddress, updateAddress } from '../domain/addresses.server'
import { DomainError, Invalid } from '../domain/errors'
import { parseForm } from './form-input.server'

export type AddressFormOutcome =
  | { ok: true; message: string; addressId: string | null }
  | { ok: false; status: number; message: string; reply: SubmissionResult<string[]> | null; resetForm: boolean }

/** Handles the address intents (address-add, address-update, address-delete) for the signed-in user. */
export async function handleAddressForm(userId: string, intent: string, form: FormData): Promise<AddressFormOutcome> {
  const db = getDb()
  try {
    if (intent === 'address-delete') {
      await deleteAddress(db, userId, String(form.get('addressId') ?? ''))
      return { ok: true, message: ADDRESS_MESSAGES.deleted, addressId: null }
    }
    const submission = parseForm(form, { schema: addressSchema })
    if (submission.status !== 'success') {
      return { ok: false, status: 400, message: ADDRESS_MESSAGES.checkForm, reply: submission.reply(), resetForm: false }
    }
    if (intent === 'address-update') {
      const updated = await updateAddress(db, userId, String(form.get('addressId') ?? ''), submission.value)
      return { ok: true, message: ADDRESS_MESSAGES.updated, addressId: updated.id }
    }
    const added = await addAddress(db, userId, submission.value)
    return { ok: true, message: ADDRESS_MESSAGES.added, addressId: added.id }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // SPEC.md: adding a fourth address resets the form and says so.
    const limit = error instanceof Invalid && error.message === ADDRESS_MESSAGES.limit
    return { ok: false, status: error.status, message: error.message, reply: null, resetForm: limit }
  }
}
