// The domain's settings as the server hands them over: each from its variable, and the domain's own
// defaults (what it runs on before the server sets them) the same as an empty environment's.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '~/infra/config.server'
import { domainSettingsFrom } from '~/infra/domain-settings.server'
import { parseInvoiceSettings } from '~/lib/invoice-settings'
import { DEFAULT_DOMAIN_SETTINGS } from './settings.server'

const settingsOf = (env: Record<string, string>) => domainSettingsFrom(parseConfig(env), env)

describe('domainSettingsFrom', () => {
  it("gives an empty environment exactly the domain's defaults", () => {
    expect(settingsOf({})).toEqual(DEFAULT_DOMAIN_SETTINGS)
  })

  it('takes each setting from its variable', () => {
    const env = {
      HOLD_MINUTES: '20',
      MAX_UNITS_PER_ORDER: '4',
      UNPAID_CHECKOUTS_PER_HOUR: '7',
      SHOP_NAME: 'Glass & Glow',
      PUBLIC_URL: 'https://glow.example.in/',
      OWNER_EMAIL: 'owner@glow.example.in',
      CONTACT_EMAIL: 'hi@glow.example.in',
      CONTACT_PHONE: '+91 90000 00000',
      PASSWORD_TEST_COST: '1',
      ADMIN_EMAIL: 'owner@glow.example.in',
      ADMIN_PASSWORD: 'owner-password-1',
      SELLER_LEGAL_NAME: 'Glow Crafts LLP',
      SELLER_STATE: 'Kerala',
    }
    expect(settingsOf(env)).toEqual({
      checkout: { holdMinutes: 20, maxUnitsPerOrder: 4, unpaidCheckoutsPerHour: 7 },
      mail: {
        shopName: 'Glass & Glow',
        publicUrl: 'https://glow.example.in',
        ownerEmail: 'owner@glow.example.in',
        contact: { email: 'hi@glow.example.in', phone: '+91 90000 00000' },
      },
      invoice: parseInvoiceSettings(env),
      passwordTestCost: true,
    })
    expect(settingsOf(env).invoice.seller).toMatchObject({ legalName: 'Glow Crafts LLP', state: 'Kerala' })
  })

  it('links mail to the local port when PUBLIC_URL is not set', () => {
    expect(settingsOf({ PORT: '3100' }).mail.publicUrl).toBe('http://localhost:3100')
  })
})
