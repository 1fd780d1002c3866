// GET /api/shop/pincode/:pincode -> {success, data: {pincode, city, district, state, states}} (an extra of ours,
// docs/api.md): what India Post's directory says of a pincode, for filling an address. 404 for a pincode it
// does not know; 400 with `errors` for one that is not 6 digits.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { Invalid, NotFound } from '~/domain/errors'
import { findPincode } from '~/domain/shipping/pincodes.server'
import { normalizePincode, PINCODE_PATTERN } from '~/schemas/address'
import type { Route } from './+types/pincode'

/** The directory changes with a release: a phone may keep an answer for a day. */
const CACHE = 'public, max-age=86400'

export function loader({ params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const pincode = normalizePincode(params.pincode.slice(0, 20))
    if (!PINCODE_PATTERN.test(pincode)) throw new Invalid({ pincode: ['Pincode must be 6 digits'] })
    const place = await findPincode(pincode)
    if (!place) throw new NotFound('We do not know this pincode: check it, or type the city and state.')
    const { district, state, states } = place
    return apiJson({ success: true, data: { pincode, city: district, district, state, states } }, { headers: { 'Cache-Control': CACHE } })
  })
}

export const action = () => methodNotAllowed('GET')
