// `npm run test:pg`: the domain service tests on PostgreSQL (docs/decisions/036-postgresql.md).
// One throwaway cluster for the run (tests/helpers/postgres-global.ts); each test gets a fresh
// database copied from a migrated template.
import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config'

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['app/domain/**/*.test.ts', 'db/postgres.test.ts', 'db/migrations-portable.test.ts'],
      env: { TEST_DB: 'postgres' },
      globalSetup: ['tests/helpers/postgres-global.ts'],
    },
  }),
)
