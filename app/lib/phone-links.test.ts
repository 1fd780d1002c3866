import { describe, expect, it } from 'vitest'
import { telHref, whatsappHref } from './phone-links'

describe('phone links', () => {
  it.each([
    ['+919876543210', 'tel:+919876543210', 'https://wa.me/919876543210'],
    ['919876543210', 'tel:+919876543210', 'https://wa.me/919876543210'],
    ['9876543210', 'tel:+919876543210', 'https://wa.me/919876543210'],
    ['09876543210', 'tel:+919876543210', 'https://wa.me/919876543210'],
    // Bengaluru's 080 landlines look like mobiles from 8: WhatsApp answers that the number is not on it.
    ['08023456789', 'tel:+918023456789', 'https://wa.me/918023456789'],
    ['01123456789', 'tel:+911123456789', null],
  ])('%s: %s and %s', (phone, tel, whatsapp) => {
    expect(telHref(phone)).toBe(tel)
    expect(whatsappHref(phone)).toBe(whatsapp)
  })

  it('keeps only digits and + of anything else', () => {
    expect(telHref('12"><script>')).toBe('tel:12')
    expect(whatsappHref('12"><script>')).toBeNull()
  })
})
