// GET /healthz for a supervisor, load balancer or uptime check: 200 `{ ok: true, ... }` when the
// database answers and the build is loaded, 503 `{ ok: false, ... }` naming what is not.
import type { RequestHandler } from 'express'

export interface HealthChecks {
  /** Resolves when the database answers a query. */
  database: () => Promise<unknown>
  /** The loaded build's version (React Router's assets manifest), or undefined when none is loaded. */
  buildVersion: () => string | undefined
}

export function healthz(checks: HealthChecks): RequestHandler {
  return async (_req, res) => {
    const database = await checks.database().then(
      () => 'ok' as const,
      (error: unknown) => {
        console.error('Health check: the database did not answer', error)
        return 'unreachable' as const
      },
    )
    const build = checks.buildVersion() ?? null
    const ok = database === 'ok' && build !== null
    res
      .status(ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ok, database, build, uptimeSeconds: Math.round(process.uptime()) })
  }
}
