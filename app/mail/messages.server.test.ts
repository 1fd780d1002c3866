// The password reset mail on a phone: its fallback address (a long token with no place to break)
// must wrap inside the mail instead of running past the screen.
import { describe, expect, it } from 'vitest'
import { passwordResetMail } from './messages.server'

const brand = { shopName: 'Resin Craft Studio', publicUrl: 'http://localhost:3000' }
const link = 'http://localhost:3000/auth/reset-password?token=S9ChHuS1OEk5qPCxG3n4nM6XRVSAX28b_q-jeWevg-w'

describe('passwordResetMail', () => {
  it('lets the fallback address break anywhere in the HTML, and keeps it whole in the text', () => {
    const mail = passwordResetMail(brand, { userName: 'Kavya', link, minutes: 30 })
    expect(mail.html).toMatch(/If the button does not work, open this address: <span style="word-break:break-all">http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]+<\/span>/)
    expect(mail.text).toContain(link)
  })
})
