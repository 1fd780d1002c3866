// `npm run test:stress`: the heavy checks (60 s load, many crash runs, a large last-unit race) against
// the built server. One file at a time, so that their figures do not disturb each other.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['**/*.stress.test.ts'],
    exclude: ['node_modules/**', 'build/**'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // TEST_SERVER_WORKERS=N or TEST_DB=postgres (tests/integration/server.ts): one throwaway
    // PostgreSQL for the run, stopped at its end.
    globalSetup: process.env.TEST_SERVER_WORKERS || process.env.TEST_DB === 'postgres' ? ['tests/helpers/postgres-global.ts'] : [],
  },
})
