import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const BASE_URL = `http://localhost:${PORT}`
const DATA_DIR = process.env.E2E_PORT ? `.tmp/e2e-${PORT}` : '.tmp/e2e'

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

const phone = { ...devices['Pixel 7'], launchOptions: chromium }

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // In CI one retry, reported as "flaky" in the list: a 2-core CI machine under load has failed a
  // test once in ~200 runs on a toast that came and went; a test that fails twice still fails CI.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace only for a retried test: recording one for every test (retain-on-failure) costs
    // Chromium and the runner CPU on every action, on a machine where both cores are already busy.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'js', use: { ...phone, javaScriptEnabled: true } },
    { name: 'no-js', use: { ...phone, javaScriptEnabled: false } },
  ],
  webServer: {
    // A fresh database every run (one per port: runs on other ports keep theirs); uploads are
    // content-addressed, so generated images are reused.
    command: `rm -rf ${DATA_DIR} && node server/start.js`,
    url: `${BASE_URL}/shop/home`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATABASE_PATH: `${DATA_DIR}/shop.sqlite`,
      UPLOADS_DIR: '.tmp/e2e-uploads',
      SEED_DEMO: '1',
      // The specs price demo pieces as the catalogue has them: offers are made by the specs that need them.
      SEED_DEMO_OFFERS: '0',
      // The demo shop prices delivery by zone (ADR 093); the specs check the flat fee unless they say zones.
      DELIVERY_PRICING: 'flat',
      COOKIE_SECURE: '0',
      AUTH_RATE_LIMIT: '1000',
      // Cheap password hashes for the many logins (test-only, never in production).
      PASSWORD_TEST_COST: '1',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      // The courier's tracking webhook token (ADR 086): tests/e2e/parcel-tracking.spec.ts posts scans with it.
      SHIPROCKET_WEBHOOK_TOKEN: 'e2e-shiprocket-webhook-token',
    },
  },
})
