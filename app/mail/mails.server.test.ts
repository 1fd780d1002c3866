// The password reset mail on a phone: its fallback address (a long token with no place to break)
// must wrap inside the mail instead of running past the screen. The mails to whoever sent a custom-
// order request carry nothing they typed.
import { describe, expect, it } from 'vitest'
import { passwordResetMail } from './account-mails.server'
import { customOrderReceivedMail, customOrderStatusMail, type MailCustomOrder } from './custom-order-mails.server'

const brand = { shopName: 'Resin Craft Studio', publicUrl: 'http://localhost:3000' }
const link = 'http://localhost:3000/auth/reset-password?token=S9ChHuS1OEk5qPCxG3n4nM6XRVSAX28b_q-jeWevg-w'

describe('passwordResetMail', () => {
  it('lets the fallback address break anywhere in the HTML, and keeps it whole in the text', () => {
    const mail = passwordResetMail(brand, { userName: 'Kavya', link, minutes: 30 })
    expect(mail.html).toMatch(/If the button does not work, open this address: <span style="word-break:break-all">http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]+<\/span>/)
    expect(mail.text).toContain(link)
  })
})

describe('mails to whoever sent a custom-order request (anyone can type anyone\'s email)', () => {
  const phishing = 'URGENT: verify your account at https://evil.example/login'
  const request: MailCustomOrder = {
    id: 7,
    name: phishing,
    phone: '+919845012345',
    email: 'someone-else@example.com',
    description: `Click ${phishing} now`,
    occasion: 'Call +1 555 0100 today',
    budgetPaise: 250_000,
    neededBy: '2026-12-20',
    quotedPaise: null,
    photoCount: 2,
    signedIn: false,
  }
  const contact = { email: 'hello@resincraft.studio', phone: '+91 98765 43210' }

  it('acknowledges with the reference, what happens next and the studio\'s contact, and nothing typed', () => {
    const mail = customOrderReceivedMail({ ...brand, contact }, request)
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain('evil.example')
      expect(part).not.toContain('URGENT')
      expect(part).not.toContain('555 0100')
    }
    expect(mail.subject).toBe('We have your custom order request #C1007')
    expect(mail.text).toContain('We will reply with a price within two working days.')
    expect(mail.text).toContain('Budget: ₹2,500.00')
    expect(mail.text).toContain('Questions? Write to hello@resincraft.studio or call +91 98765 43210, quoting #C1007.')
  })

  it('declines without repeating anything typed; a quote the studio chose to send still names the piece', () => {
    const declined = customOrderStatusMail(brand, request, 'declined')
    expect(`${declined.subject}${declined.html}${declined.text}`).not.toContain('evil.example')
    const quoted = customOrderStatusMail(brand, { ...request, name: 'Meera', description: 'A jasmine pendant', quotedPaise: 320_000 }, 'quoted')
    expect(quoted.text).toContain('Hi Meera,')
    expect(quoted.text).toContain('What you asked for: A jasmine pendant')
  })
})
