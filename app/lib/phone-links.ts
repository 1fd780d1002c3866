// Links that reach a shopper from her phone number as the address form keeps it ('+919876543210',
// '9876543210', '09876543210', '08023456789'): a call for any number, WhatsApp for a mobile.

/** The number's ten digits after India's +91, 91 or 0 prefix, when it has them. */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2)
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1)
  return digits
}

/** A tel: link that dials from anywhere: +91 and the national digits. */
export function telHref(phone: string): string {
  const national = nationalDigits(phone)
  return national.length === 10 ? `tel:+91${national}` : `tel:${phone.replace(/[^\d+]/g, '')}`
}

/**
 * wa.me's link for a number that can be an Indian mobile (ten digits from 6 to 9), or null for one that
 * cannot (a landline outside the 6-9 series; one inside it, such as 080, gets a link WhatsApp declines).
 */
export function whatsappHref(phone: string): string | null {
  const national = nationalDigits(phone)
  return /^[6-9]\d{9}$/.test(national) ? `https://wa.me/91${national}` : null
}
