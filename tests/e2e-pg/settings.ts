// Shared by playwright.pg.config.ts and its global setup (which starts the shop itself).
export const PG_PORT = Number(process.env.E2E_PORT ?? 3100)
export const PG_BASE_URL = `http://localhost:${PG_PORT}`
/** node:cluster workers the smoke run's shop has: more than one, so the browser meets several. */
export const E2E_PG_WORKERS = 2
