// Saved delivery addresses: their fields, the limit and what the pages and /api say about them
// (docs/spec/entities.md "Address", validation.md, errors.md).

/** Saved addresses per user (docs/spec/constants.md). */
export const MAX_ADDRESSES = 3

/**
 * An address's fields, in the order the /api shows them: the schema, the saved address, the order's
 * snapshot of it and the /api shapes all follow this list. `name` is the recipient, '' when not given.
 */
export const ADDRESS_FIELDS = ['name', 'addressLine', 'city', 'state', 'pincode', 'country', 'phone', 'landmark', 'notes'] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
export type AddressFields = Record<AddressField, string>

/** Just the address fields of a larger object (a saved address, an order's snapshot). */
export function pickAddressFields(source: AddressFields): AddressFields {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, source[field]])) as AddressFields
}

export const ADDRESS_MESSAGES = {
  added: 'Address Added Successfully',
  updated: 'Address Updated Successfully',
  deleted: 'Address Deleted Successfully',
  limit: `You can Add Max ${MAX_ADDRESSES} Addresses`,
  checkForm: 'Please check the address.',
  notFound: 'Address not found.',
  /** Without JS the server fills a blank city and state from the pincode, and shows them before saving. */
  filledFromPincode: (pincode: string, button: string) => `City and state filled in from pincode ${pincode}: check them, then tap ${button}.`,
  stateQuestion: (pincode: string, pincodeState: string, state: string, button: string) =>
    `Pincode ${pincode} is in ${pincodeState}, not ${state}. Choose ${pincodeState}, or tap ${button} again to keep ${state}.`,
} as const
