// India's pincodes as the shop knows them: each one's district and the states it lies in, from India
// Post's directory (pincode-directory.data.ts, built by scripts/pincodes/build.mjs; ADR 080). The data
// module is loaded on the first lookup, once per process, and kept as typed arrays (about 100 kB).
import type { IndianState } from '~/lib/indian-states'
import { PINCODE_PATTERN } from '~/schemas/address'

export interface PincodePlace {
  pincode: string
  /** Its district, as India Post names it (e.g. "Mumbai", "Bangalore"): the address's city when none is typed. */
  district: string
  /** Where most of its post offices are. */
  state: IndianState
  /** Every state it lies in: a few pincodes cross a border. */
  states: readonly IndianState[]
}

interface Directory {
  pincodes: Int32Array
  districts: Uint16Array
  /** Each pincode's states as indexes into STATES, '.'-separated (most pincodes have one). */
  states: string[]
  districtNames: readonly string[]
  stateNames: readonly IndianState[]
}

let loading: Promise<Directory> | undefined

function loadDirectory(): Promise<Directory> {
  loading ??= import('./pincode-directory.data').then(({ PINCODES, DISTRICTS, STATES }) => {
    const lines = PINCODES.split('\n')
    const directory: Directory = {
      pincodes: new Int32Array(lines.length),
      districts: new Uint16Array(lines.length),
      states: new Array(lines.length),
      districtNames: DISTRICTS,
      stateNames: STATES,
    }
    lines.forEach((line, at) => {
      const [pincode, district, states] = line.split(',')
      directory.pincodes[at] = Number(pincode)
      directory.districts[at] = Number(district)
      directory.states[at] = states as string
    })
    return directory
  })
  return loading
}

/** The directory's entry for a 6-digit pincode, or null when India Post's directory has none. */
export async function findPincode(pincode: string): Promise<PincodePlace | null> {
  if (!PINCODE_PATTERN.test(pincode)) return null
  const directory = await loadDirectory()
  const wanted = Number(pincode)
  // The lines are in pincode order.
  let low = 0
  let high = directory.pincodes.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const found = directory.pincodes[middle] as number
    if (found < wanted) low = middle + 1
    else if (found > wanted) high = middle - 1
    else {
      const states = (directory.states[middle] as string).split('.').map((index) => directory.stateNames[Number(index)] as IndianState)
      return { pincode, district: directory.districtNames[directory.districts[middle] as number] as string, state: states[0] as IndianState, states }
    }
  }
  return null
}
