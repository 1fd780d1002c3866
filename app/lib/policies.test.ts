// The policy text's format and the default texts written from the shop's settings (ADR 081).
import { describe, expect, it } from 'vitest'
import { defaultPolicyText, type PolicyFacts } from './policy-defaults'
import { parsePolicyText, POLICY_SLUGS, STUDIO_HOURS } from './policies'

const RETURN_WINDOW_DAYS = 7

const FACTS: PolicyFacts = {
  shopName: 'Lotus Resin Works',
  legalName: 'Lotus Resin Works LLP',
  address: ['4 Residency Road', 'Pune 411001'],
  gstin: '27AAHCR1234M1Z5',
  email: 'care@lotus.example',
  phone: '+91 90000 11111',
  deliveryFeePaise: 4_900,
  returnWindowDays: RETURN_WINDOW_DAYS,
  returns: { reasons: ['Damaged in transit', 'Wrong piece'], specialOnlyFault: true, sendTo: 'Lotus Resin Works LLP, 4 Residency Road, Pune 411001' },
  grievanceOfficer: { name: 'Meera Iyer', designation: 'Grievance Officer', email: 'grievance@lotus.example', phone: '+91 90000 22222' },
}

describe('parsePolicyText', () => {
  it('reads "## " as a heading, "- " lines as one list, and blank lines as paragraph breaks', () => {
    const text = '## Returns\nWrite to us.\nWithin a week.\n\n- Photos\n- Order number\n\nThanks'
    expect(parsePolicyText(text)).toEqual([
      { kind: 'heading', text: 'Returns' },
      { kind: 'paragraph', lines: ['Write to us.', 'Within a week.'] },
      { kind: 'list', items: ['Photos', 'Order number'] },
      { kind: 'paragraph', lines: ['Thanks'] },
    ])
  })

  it('takes Windows line endings and keeps "##" without a space as text', () => {
    expect(parsePolicyText('##Not a heading\r\n\r\n## A heading\r\n')).toEqual([
      { kind: 'paragraph', lines: ['##Not a heading'] },
      { kind: 'heading', text: 'A heading' },
    ])
  })

  it('keeps markup as the words typed', () => {
    expect(parsePolicyText('- <script>alert(1)</script>')).toEqual([{ kind: 'list', items: ['<script>alert(1)</script>'] }])
  })
})

describe('defaultPolicyText', () => {
  it('writes every page from the settings: no page is empty, each has a heading', () => {
    for (const slug of POLICY_SLUGS) {
      const text = defaultPolicyText(slug, FACTS)
      expect(parsePolicyText(text).some((b) => b.kind === 'heading'), slug).toBe(true)
    }
  })

  it('names the seller, its address, GSTIN, contact and hours on Contact Us and in the terms', () => {
    for (const slug of ['contact', 'terms'] as const) {
      const text = defaultPolicyText(slug, FACTS)
      for (const value of ['Lotus Resin Works LLP', '4 Residency Road, Pune 411001', '27AAHCR1234M1Z5', 'care@lotus.example', '+91 90000 11111', STUDIO_HOURS]) {
        expect(text, `${slug}: ${value}`).toContain(value)
      }
    }
  })

  it('states the delivery fee as the shop charges it, or free delivery', () => {
    expect(defaultPolicyText('shipping', FACTS)).toContain('Delivery costs ₹49.00 an order')
    expect(defaultPolicyText('shipping', { ...FACTS, deliveryFeePaise: 0 })).toContain('Delivery is free on every order')
    expect(defaultPolicyText('shipping', FACTS)).toContain('We do not offer cash on delivery')
  })

  it('describes the delivery zones and the free-delivery rule when delivery is priced by zone (ADR 085)', () => {
    const zones = [
      { name: 'Within the city', firstSlabPaise: 4000, extraSlabPaise: 3000, transitDays: 2 },
      { name: 'North-East, Jammu & Kashmir, Ladakh and the islands', firstSlabPaise: 9500, extraSlabPaise: 8000, transitDays: 7 },
    ]
    const text = defaultPolicyText('shipping', { ...FACTS, deliveryZones: zones, freeDeliveryOverPaise: 99_900 })
    expect(text).toContain('## Delivery zones')
    expect(text).toContain('- Within the city: ₹40.00 for the first 500 g, ₹30.00 for each further 500 g; about 2 working days after the parcel leaves.')
    expect(text).toContain('North-East, Jammu & Kashmir, Ladakh and the islands: ₹95.00')
    expect(text).toContain('Delivery is free on orders of ₹999.00 or more (after any discount).')
    expect(text).not.toContain('Delivery costs ₹49.00 an order')
    expect(defaultPolicyText('shipping', FACTS)).not.toContain('## Delivery zones')
  })

  it('gives the return window and says Razorpay refunds to the way the shopper paid', () => {
    expect(defaultPolicyText('returns', FACTS)).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`)
    expect(defaultPolicyText('returns', { ...FACTS, returnWindowDays: 10 })).toContain('within 10 days of delivery')
    expect(defaultPolicyText('refunds', FACTS)).toContain('through Razorpay')
    expect(defaultPolicyText('terms', FACTS)).toContain('GST invoice')
  })

  it("writes the Returns page from the owner's returns policy", () => {
    const text = defaultPolicyText('returns', FACTS)
    expect(text).toContain('for these reasons: Damaged in transit, Wrong piece.')
    expect(text).toContain('choose Return pieces')
    expect(text).toContain('Send an approved return to: Lotus Resin Works LLP, 4 Residency Road, Pune 411001.')
    expect(text).toContain('made-to-order pieces and custom orders, unless they arrived damaged or are the wrong piece')
    const open = defaultPolicyText('returns', { ...FACTS, returns: { ...FACTS.returns, specialOnlyFault: false } })
    expect(open).not.toContain('made-to-order pieces and custom orders')
    const none = defaultPolicyText('returns', { ...FACTS, returnWindowDays: 0 })
    expect(none).toContain('We do not take pieces back after delivery.')
    expect(none).not.toContain('within 0 days')
    expect(defaultPolicyText('returns', { ...FACTS, returnWindowDays: 1 })).toContain('within 1 day of delivery')
  })

  it('names the grievance officer on Contact Us and in the terms', () => {
    for (const slug of ['contact', 'terms'] as const) {
      const text = defaultPolicyText(slug, FACTS)
      expect(text).toContain('## Grievance officer')
      expect(text).toContain('- Meera Iyer, Grievance Officer')
      expect(text).toContain('grievance@lotus.example')
      expect(text).toContain('+91 90000 22222')
    }
  })

  it('leaves out an address and GSTIN the seller has not set', () => {
    const text = defaultPolicyText('contact', { ...FACTS, address: [], gstin: null })
    expect(text).not.toContain('Address:')
    expect(text).not.toContain('GSTIN')
  })
})
