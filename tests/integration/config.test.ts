// A bad configuration stops the server with one line naming the variable.
import { describe, expect, it } from 'vitest'
import { createDatabase, sharedPostgres } from '../helpers/postgres'
import { runServerCommand, serversOnPostgres } from './server'

describe('start-up configuration', () => {
  it('stops with a one-line message naming a bad PORT', async () => {
    const { code, output } = await runServerCommand({ PORT: 'eighty' })
    expect(code).toBe(78)
    expect(output.trim().split('\n').at(-1)).toMatch(/^Invalid configuration: PORT: /)
  })

  it('stops when only half of the admin pair is set', async () => {
    const { code, output } = await runServerCommand({ ADMIN_EMAIL: 'owner@example.com' })
    expect(code).toBe(78)
    expect(output).toContain('ADMIN_PASSWORD')
  })

  it('refuses to serve a shop without Razorpay keys when neither the demo shop nor PAYMENT_TEST_MODE asks for TEST MODE', async () => {
    const { code, output } = await runServerCommand({ SEED_DEMO: '0', PORT: '0' })
    expect(code).toBe(78)
    expect(output.trim().split('\n').at(-1)).toMatch(/^Invalid configuration: RAZORPAY_KEY_ID: .*PAYMENT_TEST_MODE=1/)
  })

  // About SQLite by nature (no DATABASE_URL): the same under `npm run test:pg`.
  it('refuses several processes on SQLite with one line (WEB_CONCURRENCY needs DATABASE_URL)', async () => {
    const { code, output } = await runServerCommand({ WEB_CONCURRENCY: '2', PAYMENT_TEST_MODE: '1', PORT: '0' })
    expect(code).toBe(78)
    expect(output.trim().split('\n').at(-1)).toMatch(/^Invalid configuration: WEB_CONCURRENCY: more than 1 process needs PostgreSQL \(DATABASE_URL\)/)
  })

  it('npm run db:migrate brings a new database up to date', async () => {
    // A new SQLite file, or under `npm run test:pg` a new PostgreSQL database.
    const env: Record<string, string> = serversOnPostgres ? { DATABASE_URL: (await createDatabase((await sharedPostgres()).url)).url } : {}
    const { code, output } = await runServerCommand(env, ['migrate'])
    expect(code).toBe(0)
    expect(output).toContain('2026-11-22T00-initial-schema')
  })
})
