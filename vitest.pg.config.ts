// `npm run test:pg`: the whole Vitest suite (vitest.config.ts's files) on PostgreSQL
// (docs/decisions/036-postgresql.md, 040). One throwaway cluster for the run
// (tests/helpers/postgres-global.ts); each service test gets a fresh database copied from a migrated
// template (tests/helpers/test-db.ts, TEST_DB=postgres), each built server a fresh database of its
// own (tests/integration/server.ts; 1 process unless TEST_SERVER_WORKERS says more). Tests about
// SQLite by nature (its file, its backup, copying it to PostgreSQL) still run on SQLite and say so.
import { defineConfig } from 'vitest/config'
import base from './vitest.config'

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    env: { ...base.test?.env, TEST_DB: 'postgres' },
    globalSetup: ['tests/helpers/postgres-global.ts'],
  },
})
