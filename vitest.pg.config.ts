// `npm run test:pg`: the domain service tests on PostgreSQL (docs/decisions/036-postgresql.md).
// One throwaway cluster for the run (tests/helpers/postgres-global.ts); each test gets a fresh
// database copied from a migrated template (tests/helpers/test-db.ts, TEST_DB=postgres).
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Replaces the base list (mergeConfig would add to it).
    include: ['app/domain/**/*.test.ts', 'app/infra/rate-limit.server.test.ts', 'db/postgres.test.ts', 'db/migrations-portable.test.ts', 'db/order-numbers-migration.test.ts', 'db/order-cancelled-migration-portable.test.ts'],
    env: { ...base.test?.env, TEST_DB: 'postgres' },
    globalSetup: ['tests/helpers/postgres-global.ts'],
  },
})
