// India's 28 states and 8 union territories: the address form's State choice and what the server accepts.

export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const

export const INDIAN_UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const

export type IndianState = (typeof INDIAN_STATES)[number] | (typeof INDIAN_UNION_TERRITORIES)[number]

/** Every state and union territory, in alphabetical order (the select's options). */
export const INDIAN_STATES_AND_UTS: readonly IndianState[] = [...INDIAN_STATES, ...INDIAN_UNION_TERRITORIES].sort((a, b) =>
  a.localeCompare(b, 'en'),
)

const key = (value: string) => value.trim().replace(/\s+/g, ' ').replace(/&/g, 'and').toLowerCase()
const BY_KEY = new Map<string, IndianState>(INDIAN_STATES_AND_UTS.map((name) => [key(name), name]))

/**
 * The list's spelling of a state typed or saved in any case ('karnataka', 'TAMIL NADU',
 * 'Jammu & Kashmir'), or null when it is not one of them (a misspelling, or a saved free-text one).
 */
export function matchIndianState(value: string): IndianState | null {
  return BY_KEY.get(key(value)) ?? null
}
