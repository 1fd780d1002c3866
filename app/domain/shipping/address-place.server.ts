// What a pincode says about the rest of an address (issue 30): it fills a blank city and state, and
// questions a state it does not lie in. A question is settled by sending the same pincode and state
// again (the directory is India Post's, and a new or re-drawn pincode may be right where it is not).
import { type IndianState, matchIndianState } from '~/lib/indian-states'
import { findPincode } from './pincodes.server'

export interface TypedPlace {
  /** Already normalised to 6 digits, or as typed when it is not a pincode. */
  pincode: string
  city: string
  state: string
  /** The pincode and state the shopper confirmed after a question (placeConfirmation), if any. */
  confirmed?: string
}

export type PlaceCheck =
  | { kind: 'ok' }
  /** The blanks filled from the pincode: the shopper checks them before the address is saved. */
  | { kind: 'filled'; pincode: string; city: string; state: IndianState }
  /** The state contradicts the pincode: the shopper is asked, and may keep it by sending it again. */
  | { kind: 'question'; pincode: string; state: IndianState; pincodeState: IndianState; confirmation: string }

/** The value that, sent back with the address, keeps a questioned state for its pincode. */
export function placeConfirmation(pincode: string, state: string): string {
  return `${pincode}:${state}`
}

export async function checkPlace(typed: TypedPlace): Promise<PlaceCheck> {
  const place = await findPincode(typed.pincode)
  if (!place) return { kind: 'ok' }
  const city = typed.city.trim()
  const state = matchIndianState(typed.state)
  if (!city || !typed.state.trim()) return { kind: 'filled', pincode: place.pincode, city: city || place.district, state: state ?? place.state }
  if (!state || place.states.includes(state)) return { kind: 'ok' }
  const confirmation = placeConfirmation(place.pincode, state)
  if (typed.confirmed === confirmation) return { kind: 'ok' }
  return { kind: 'question', pincode: place.pincode, state, pincodeState: place.state, confirmation }
}
