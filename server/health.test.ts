import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type HealthChecks, healthz } from './health'
import { listenForTests, type TestServer } from './listen-for-tests'

let server: TestServer | undefined

async function serve(checks: HealthChecks): Promise<string> {
  const app = express()
  app.get('/healthz', healthz(checks))
  server = await listenForTests(app)
  return `${server.base}/healthz`
}

afterEach(async () => {
  await server?.close()
  vi.restoreAllMocks()
})

describe('healthz', () => {
  it('answers 200 ok with the build version when the database answers', async () => {
    const url = await serve({ database: async () => 1, buildVersion: () => 'abc123' })
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json()
    expect(body).toMatchObject({ ok: true, database: 'ok', build: 'abc123' })
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0)
  })

  it('answers 503 naming the database when it does not answer, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const url = await serve({
      database: async () => {
        throw new Error('SQLITE_CANTOPEN')
      },
      buildVersion: () => 'abc123',
    })
    const response = await fetch(url)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ ok: false, database: 'unreachable', build: 'abc123' })
    expect(log).toHaveBeenCalledOnce()
  })

  it('answers 503 when no build is loaded', async () => {
    const url = await serve({ database: async () => 1, buildVersion: () => undefined })
    const response = await fetch(url)
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ ok: false, database: 'ok', build: null })
  })
})
