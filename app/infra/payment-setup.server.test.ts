// Which gateway takes payments, and what the owner is warned about.
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '~/infra/config.server'
import { paymentSetup } from './payment-setup.server'

const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret' }

function setupOf(env: Record<string, string>) {
  return paymentSetup(parseConfig(env))
}

describe('paymentSetup', () => {
  it('refuses to start a shop without Razorpay keys unless the demo shop or PAYMENT_TEST_MODE asks for the TEST MODE gateway', () => {
    let error: unknown
    try {
      setupOf({ SEED_DEMO: '0' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).not.toContain('\n')
    expect(message).toMatch(/^Invalid configuration: RAZORPAY_KEY_ID: /)
    expect(message).toContain('PAYMENT_TEST_MODE=1')
  })

  it('uses the TEST MODE gateway for the demo shop (SEED_DEMO on, the default) and with PAYMENT_TEST_MODE=1', () => {
    expect(setupOf({}).gateway).toBe('test')
    expect(setupOf({ SEED_DEMO: '0', PAYMENT_TEST_MODE: '1' }).gateway).toBe('test')
    expect(setupOf({}).warnings).toEqual([expect.stringContaining('TEST MODE')])
  })

  it('uses Razorpay when the keys are set, whatever else is set', () => {
    expect(setupOf({ ...KEYS, SEED_DEMO: '0', RAZORPAY_WEBHOOK_SECRET: 'w' })).toEqual({ gateway: 'razorpay', warnings: [] })
    expect(setupOf({ ...KEYS, PAYMENT_TEST_MODE: '1', RAZORPAY_WEBHOOK_SECRET: 'w' }).gateway).toBe('razorpay')
  })

  it('warns when the keys are set without RAZORPAY_WEBHOOK_SECRET', () => {
    const { warnings } = setupOf({ ...KEYS, SEED_DEMO: '0' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('RAZORPAY_WEBHOOK_SECRET')
    expect(warnings[0]).not.toContain('\n')
  })
})
