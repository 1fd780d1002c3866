import { describe, expect, it } from 'vitest'
import { CATEGORY_IDS } from './catalog'
import { INDIAN_STATES_AND_UTS } from './indian-states'
import {
  categoryTaxVariable,
  INVOICE_ENV_SHAPE,
  DEFAULT_CATEGORY_TAX,
  DEMO_SELLER,
  GST_STATE_CODES,
  gstinCheckCharacter,
  isValidGstin,
  parseInvoiceSettings,
  stateWithCode,
} from './invoice-settings'

describe('GSTIN', () => {
  it('accepts well-formed GSTINs with the right check character (GSTN examples)', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true)
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true)
    expect(isValidGstin(DEMO_SELLER.gstin as string)).toBe(true)
  })

  it('refuses a wrong check character, shape or length', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false)
    expect(isValidGstin('27AAPFU0939F1Y5')).toBe(false)
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false)
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false)
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V')
  })

  it('has a distinct state code for each of the 36 states and union territories', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES_AND_UTS].sort())
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(36)
    expect(stateWithCode('tamil nadu')).toBe('Tamil Nadu (33)')
    expect(stateWithCode('Atlantis')).toBe('Atlantis')
  })
})

describe('parseInvoiceSettings', () => {
  it('has a GST_* variable for every category', () => {
    expect(CATEGORY_IDS.map(categoryTaxVariable).every((name) => name in INVOICE_ENV_SHAPE)).toBe(true)
  })

  it('gives the demo shop the demo seller and the default category rates', () => {
    const settings = parseInvoiceSettings({})
    expect(settings.seller).toEqual(DEMO_SELLER)
    expect(settings.categories).toEqual(DEFAULT_CATEGORY_TAX)
    expect(settings.categories.jewellery).toEqual({ hsn: '7117', ratePercent: 3 })
    expect(settings.categories['home-decor']).toEqual({ hsn: '3926', ratePercent: 18 })
  })

  it('gives a real shop without SELLER_* no GSTIN (bills of supply) under its own name', () => {
    const settings = parseInvoiceSettings({ ADMIN_EMAIL: 'owner@example.com', SHOP_NAME: 'Glow Resin' })
    expect(settings.seller).toMatchObject({ legalName: 'Glow Resin', gstin: null, address: [] })
    expect(parseInvoiceSettings({ SEED_DEMO: '0' }).seller.gstin).toBeNull()
  })

  it('takes the seller and category overrides from the environment', () => {
    const settings = parseInvoiceSettings({
      SELLER_LEGAL_NAME: 'Glow Resin LLP',
      SELLER_ADDRESS: '4 MG Road | Pune 411001',
      SELLER_GSTIN: '27aapfu0939f1zv',
      GST_HOME_DECOR: '3926:12',
      GST_JEWELLERY: '71171900:3',
    })
    expect(settings.seller).toEqual({ legalName: 'Glow Resin LLP', address: ['4 MG Road', 'Pune 411001'], state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' })
    expect(settings.categories['home-decor']).toEqual({ hsn: '3926', ratePercent: 12 })
    expect(settings.categories.jewellery).toEqual({ hsn: '71171900', ratePercent: 3 })
    expect(settings.categories['gifting-memories']).toEqual(DEFAULT_CATEGORY_TAX['gifting-memories'])
  })

  it('never mixes a demo GSTIN with a real seller', () => {
    expect(parseInvoiceSettings({ SELLER_LEGAL_NAME: 'Glow Resin LLP' }).seller.gstin).toBeNull()
    expect(parseInvoiceSettings({ SELLER_STATE: 'kerala' }).seller).toMatchObject({ state: 'Kerala', gstin: null })
  })

  it('names the variable that is wrong', () => {
    expect(() => parseInvoiceSettings({ SELLER_GSTIN: '27AAPFU0939F1ZA' })).toThrow(/^SELLER_GSTIN: /)
    expect(() => parseInvoiceSettings({ SELLER_GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: 'Karnataka' })).toThrow(/^SELLER_GSTIN: starts with 27/)
    expect(() => parseInvoiceSettings({ SELLER_STATE: 'Atlantis' })).toThrow(/^SELLER_STATE: /)
    expect(() => parseInvoiceSettings({ GST_HOME_DECOR: '3926' })).toThrow(/^GST_HOME_DECOR: must be HSN:RATE/)
    expect(() => parseInvoiceSettings({ GST_SPECIAL_OCCASION: '3926:17' })).toThrow(/^GST_SPECIAL_OCCASION: rate must be one of/)
  })
})
