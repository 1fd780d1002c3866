import { describe, expect, it } from 'vitest'
import { ConfigError, mailFrom, parseConfig, publicUrl } from './config.server'

function configErrorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error('expected parseConfig to throw')
}

function expectOneLineErrorNaming(env: Record<string, string | undefined>, name: string): string {
  const error = configErrorOf(env)
  expect(error.name).toBe('ConfigError')
  expect(error.message.startsWith(`Invalid configuration: ${name}: `)).toBe(true)
  expect(error.message).not.toContain('\n')
  // Something after the "NAME: " prefix explains the problem.
  expect(error.message.length).toBeGreaterThan(`Invalid configuration: ${name}: `.length)
  return error.message
}

describe('parseConfig', () => {
  it('fills in defaults for an empty environment', () => {
    const config = parseConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('0.0.0.0')
    expect(config.DATABASE_PATH).toBe('db/shop.sqlite')
    expect(config.UPLOADS_DIR).toBe('uploads')
    expect(config.SESSION_SECRET).toBeUndefined()
    expect(config.ADMIN_EMAIL).toBeUndefined()
    expect(config.ADMIN_PASSWORD).toBeUndefined()
    expect(config.SEED_DEMO).toBe(true)
    expect(config.SHOP_NAME).toBe('Resin Craft Studio')
    expect(config.DELIVERY_FEE).toBe(0)
    expect(config.COOKIE_SECURE).toBe(true)
    expect(config.AUTH_RATE_LIMIT).toBe(10)
    expect(config.RAZORPAY_KEY_ID).toBeUndefined()
    expect(config.RAZORPAY_KEY_SECRET).toBeUndefined()
  })

  it('reads valid values and coerces numbers and flags', () => {
    const config = parseConfig({
      PORT: '8080',
      SEED_DEMO: '0',
      COOKIE_SECURE: 'false',
      AUTH_RATE_LIMIT: '3',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'correct horse',
      SESSION_SECRET: 'x'.repeat(32),
    })
    expect(config.PORT).toBe(8080)
    expect(config.SEED_DEMO).toBe(false)
    expect(config.COOKIE_SECURE).toBe(false)
    expect(config.AUTH_RATE_LIMIT).toBe(3)
    expect(config.ADMIN_EMAIL).toBe('owner@example.com')
    expect(config.ADMIN_PASSWORD).toBe('correct horse')
    expect(config.SESSION_SECRET).toBe('x'.repeat(32))
  })

  it('accepts 1 and true as an enabled flag', () => {
    expect(parseConfig({ SEED_DEMO: '1' }).SEED_DEMO).toBe(true)
    expect(parseConfig({ SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
  })

  it('treats empty optional values as unset', () => {
    const config = parseConfig({ SESSION_SECRET: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', RAZORPAY_KEY_ID: '  ' })
    expect(config.SESSION_SECRET).toBeUndefined()
    expect(config.ADMIN_EMAIL).toBeUndefined()
    expect(config.ADMIN_PASSWORD).toBeUndefined()
    expect(config.RAZORPAY_KEY_ID).toBeUndefined()
  })

  it('prices delivery by zone in the demo shop and flat in a real one unless told, and refuses another word', () => {
    expect(parseConfig({}).DELIVERY_PRICING).toBe('zones')
    expect(parseConfig({ SEED_DEMO: '1' }).DELIVERY_PRICING).toBe('zones')
    expect(parseConfig({ SEED_DEMO: '0' }).DELIVERY_PRICING).toBe('flat')
    expect(parseConfig({ SEED_DEMO: '0', DELIVERY_PRICING: 'zones' }).DELIVERY_PRICING).toBe('zones')
    expect(parseConfig({ SEED_DEMO: '1', DELIVERY_PRICING: 'flat' }).DELIVERY_PRICING).toBe('flat')
    expect(parseConfig({ DELIVERY_PRICING: 'zones' }).DELIVERY_PRICING).toBe('zones')
    expect(() => parseConfig({ DELIVERY_PRICING: 'weight' })).toThrow(/DELIVERY_PRICING/)
  })

  it('converts DELIVERY_FEE from rupees to paise', () => {
    expect(parseConfig({ DELIVERY_FEE: '49.5' }).DELIVERY_FEE).toBe(4950)
    expect(parseConfig({ DELIVERY_FEE: '0' }).DELIVERY_FEE).toBe(0)
    expect(parseConfig({ DELIVERY_FEE: '19.99' }).DELIVERY_FEE).toBe(1999)
  })

  it('refuses a PORT that is not a number, naming PORT', () => {
    expectOneLineErrorNaming({ PORT: 'abc' }, 'PORT')
  })

  it('reads HOLD_MINUTES (default 15) and refuses one that is not a whole number from 1 to 1440', () => {
    expect(parseConfig({}).HOLD_MINUTES).toBe(15)
    expect(parseConfig({ HOLD_MINUTES: '30' }).HOLD_MINUTES).toBe(30)
    expect(expectOneLineErrorNaming({ HOLD_MINUTES: '0' }, 'HOLD_MINUTES')).toBe('Invalid configuration: HOLD_MINUTES: must be 1 or more')
    expect(expectOneLineErrorNaming({ HOLD_MINUTES: '2.5' }, 'HOLD_MINUTES')).toBe(
      'Invalid configuration: HOLD_MINUTES: must be a whole number of minutes',
    )
    expect(expectOneLineErrorNaming({ HOLD_MINUTES: 'soon' }, 'HOLD_MINUTES')).toBe(
      'Invalid configuration: HOLD_MINUTES: must be a whole number of minutes',
    )
  })

  it('reads MAX_UNITS_PER_ORDER (default 10) and UNPAID_CHECKOUTS_PER_HOUR (default 10), whole numbers from 1', () => {
    expect(parseConfig({})).toMatchObject({ MAX_UNITS_PER_ORDER: 10, UNPAID_CHECKOUTS_PER_HOUR: 10 })
    expect(parseConfig({ MAX_UNITS_PER_ORDER: '4', UNPAID_CHECKOUTS_PER_HOUR: '25' })).toMatchObject({ MAX_UNITS_PER_ORDER: 4, UNPAID_CHECKOUTS_PER_HOUR: 25 })
    expect(expectOneLineErrorNaming({ MAX_UNITS_PER_ORDER: '0' }, 'MAX_UNITS_PER_ORDER')).toBe('Invalid configuration: MAX_UNITS_PER_ORDER: must be 1 or more')
    expect(expectOneLineErrorNaming({ MAX_UNITS_PER_ORDER: '2.5' }, 'MAX_UNITS_PER_ORDER')).toBe('Invalid configuration: MAX_UNITS_PER_ORDER: must be a whole number of units')
    // No more than a cart line may hold.
    expect(expectOneLineErrorNaming({ MAX_UNITS_PER_ORDER: '100' }, 'MAX_UNITS_PER_ORDER')).toBe('Invalid configuration: MAX_UNITS_PER_ORDER: must be at most 99')
    expect(expectOneLineErrorNaming({ UNPAID_CHECKOUTS_PER_HOUR: 'many' }, 'UNPAID_CHECKOUTS_PER_HOUR')).toBe(
      'Invalid configuration: UNPAID_CHECKOUTS_PER_HOUR: must be a whole number of checkouts',
    )
    expect(expectOneLineErrorNaming({ UNPAID_CHECKOUTS_PER_HOUR: '0' }, 'UNPAID_CHECKOUTS_PER_HOUR')).toBe('Invalid configuration: UNPAID_CHECKOUTS_PER_HOUR: must be 1 or more')
  })

  it('refuses a DELIVERY_FEE that is not a number', () => {
    const message = expectOneLineErrorNaming({ DELIVERY_FEE: 'free' }, 'DELIVERY_FEE')
    expect(message).toBe('Invalid configuration: DELIVERY_FEE: must be a number of rupees')
  })

  it('refuses a PORT out of range', () => {
    expectOneLineErrorNaming({ PORT: '70000' }, 'PORT')
  })

  it('refuses a negative DELIVERY_FEE, naming DELIVERY_FEE', () => {
    const message = expectOneLineErrorNaming({ DELIVERY_FEE: '-1' }, 'DELIVERY_FEE')
    expect(message).toBe('Invalid configuration: DELIVERY_FEE: must be 0 or more')
  })

  it('refuses a SEED_DEMO flag that is not 0 or 1, naming SEED_DEMO', () => {
    const message = expectOneLineErrorNaming({ SEED_DEMO: 'maybe' }, 'SEED_DEMO')
    expect(message).toBe('Invalid configuration: SEED_DEMO: must be 0 or 1')
  })

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD', () => {
    const message = expectOneLineErrorNaming({ ADMIN_EMAIL: 'owner@example.com' }, 'ADMIN_PASSWORD')
    expect(message).toContain('ADMIN_EMAIL and ADMIN_PASSWORD go together')
  })

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expectOneLineErrorNaming({ ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_PASSWORD')
  })

  it('refuses an ADMIN_EMAIL that is not an email address', () => {
    expectOneLineErrorNaming({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough password' }, 'ADMIN_EMAIL')
  })

  it('reads the grievance officer and refuses a GRIEVANCE_OFFICER_EMAIL or _PHONE that is not one, naming it', () => {
    const config = parseConfig({ GRIEVANCE_OFFICER_NAME: ' Meera Iyer ', GRIEVANCE_OFFICER_EMAIL: 'grievance@example.com', GRIEVANCE_OFFICER_PHONE: '+91 90000 22222' })
    expect([config.GRIEVANCE_OFFICER_NAME, config.GRIEVANCE_OFFICER_EMAIL, config.GRIEVANCE_OFFICER_PHONE]).toEqual(['Meera Iyer', 'grievance@example.com', '+91 90000 22222'])
    expectOneLineErrorNaming({ GRIEVANCE_OFFICER_EMAIL: 'not-an-email' }, 'GRIEVANCE_OFFICER_EMAIL')
    expectOneLineErrorNaming({ GRIEVANCE_OFFICER_PHONE: 'call me' }, 'GRIEVANCE_OFFICER_PHONE')
    expectOneLineErrorNaming({ GRIEVANCE_OFFICER_NAME: 'x'.repeat(101) }, 'GRIEVANCE_OFFICER_NAME')
  })

  it('refuses a too-short ADMIN_PASSWORD', () => {
    expectOneLineErrorNaming({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD')
  })

  it('refuses a SESSION_SECRET shorter than 32 characters, naming SESSION_SECRET', () => {
    const message = expectOneLineErrorNaming({ SESSION_SECRET: 'x'.repeat(31) }, 'SESSION_SECRET')
    expect(message).toBe('Invalid configuration: SESSION_SECRET: must be at least 32 characters')
  })

  it('refuses a Razorpay key id without its secret', () => {
    expectOneLineErrorNaming({ RAZORPAY_KEY_ID: 'rzp_test_123' }, 'RAZORPAY_KEY_SECRET')
  })

  it('refuses an AUTH_RATE_LIMIT of zero', () => {
    expectOneLineErrorNaming({ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT')
  })

  it('runs one process by default; several only on PostgreSQL, naming WEB_CONCURRENCY otherwise', () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1)
    expect(parseConfig({ WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1)
    expect(parseConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://shop@db/shop' }).WEB_CONCURRENCY).toBe(4)
    expect(expectOneLineErrorNaming({ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY')).toContain('needs PostgreSQL (DATABASE_URL)')
    for (const bad of ['0', '2.5', 'many', '65']) expectOneLineErrorNaming({ WEB_CONCURRENCY: bad, DATABASE_URL: 'postgres://shop@db/shop' }, 'WEB_CONCURRENCY')
  })
})

describe('TRUST_PROXY', () => {
  it('trusts only a proxy on this machine by default', () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual(['loopback'])
  })

  it('takes 0 (no proxy), a number of proxies, or a list of presets, addresses and subnets', () => {
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32, 192.0.2.4' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.4',
    ])
  })

  it('refuses "true" (any client could choose its address) and anything that is not an address, naming TRUST_PROXY', () => {
    for (const value of ['true', 'loopback,proxy.example', '10.0.0.0/99', '-1', '1.5']) {
      expectOneLineErrorNaming({ TRUST_PROXY: value }, 'TRUST_PROXY')
    }
  })

  it('reads the mail settings: SMTP_URL, MAIL_FROM, OWNER_EMAIL, PUBLIC_URL', () => {
    const demo = parseConfig({ PORT: '4000' })
    expect(demo.SMTP_URL).toBeUndefined()
    expect(publicUrl(demo)).toBe('http://localhost:4000')
    expect(mailFrom(demo)).toBe('"Resin Craft Studio" <hello@resincraft.studio>')
    const real = parseConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.in:465',
      MAIL_FROM: 'Studio <orders@example.in>',
      OWNER_EMAIL: 'owner@example.in',
      PUBLIC_URL: 'https://shop.example.in/',
    })
    expect(publicUrl(real)).toBe('https://shop.example.in')
    expect(mailFrom(real)).toBe('Studio <orders@example.in>')
    expect(real.OWNER_EMAIL).toBe('owner@example.in')
    expectOneLineErrorNaming({ SMTP_URL: 'http://smtp.example.in' }, 'SMTP_URL')
    expectOneLineErrorNaming({ PUBLIC_URL: 'shop.example.in' }, 'PUBLIC_URL')
    expectOneLineErrorNaming({ OWNER_EMAIL: 'owner' }, 'OWNER_EMAIL')
  })
})

describe('parseConfig: the invoices\' seller and GST rates (ADR 035)', () => {
  it('accepts a seller and category rates, and names a bad one', () => {
    const config = parseConfig({ SELLER_GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: 'Maharashtra', GST_HOME_DECOR: '3926:12' })
    expect(config.SELLER_GSTIN).toBe('27AAPFU0939F1ZV')
    expect(config.GST_HOME_DECOR).toEqual({ hsn: '3926', ratePercent: 12 })
    expectOneLineErrorNaming({ SELLER_GSTIN: '27AAPFU0939F1ZA' }, 'SELLER_GSTIN')
    expectOneLineErrorNaming({ SELLER_GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: 'Kerala' }, 'SELLER_GSTIN')
    expectOneLineErrorNaming({ SELLER_STATE: 'Atlantis' }, 'SELLER_STATE')
    expectOneLineErrorNaming({ GST_JEWELLERY: '7117:4' }, 'GST_JEWELLERY')
  })
})
