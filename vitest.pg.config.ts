// `npm run test:pg`: the Vitest suite again on PostgreSQL (docs/decisions/036-postgresql.md, 040), for
// every file whose outcome can depend on the database. One throwaway cluster for the run
// (tests/helpers/postgres-global.ts); each service test gets a fresh database copied from a migrated
// template (tests/helpers/test-db.ts, TEST_DB=postgres), each built server a fresh database of its
// own (tests/integration/server.ts; 1 process unless TEST_SERVER_WORKERS says more).
//
// Left out, because they would run exactly as they do in `npm test` (ADR 060): files that never open
// a database (the pure vocabulary, schemas, views, mail bodies, page helpers, the page cache's parts,
// headers), and the tests about SQLite by nature (its driver, its file backup and restore), which
// open SQLite whatever TEST_DB says. The light crash run is left out too: on PostgreSQL the stress
// stage kills workers mid-load ten times (.ci/run's 4-worker line).
import { configDefaults, defineConfig } from 'vitest/config'
import base from './vitest.config'

export const SAME_ON_EVERY_DATABASE = [
  'app/lib/**',
  'app/schemas/**',
  'app/components/**',
  'app/mail/**',
  'app/web/**',
  'app/infra/pdf/**',
  'app/architecture.test.ts',
  'app/domain/errors.test.ts',
  'server/page-cache/**',
  'server/security-headers.test.ts',
  'server/precompressed.test.ts',
  'server/route-paths.test.ts',
  'db/database.test.ts',
  'db/backup.test.ts',
  'tests/integration/backup-restore.test.ts',
  'tests/integration/crash-safety.test.ts',
  'tests/integration/pdf-thread.test.ts',
]

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    exclude: [...configDefaults.exclude, '**/*.stress.test.ts', ...SAME_ON_EVERY_DATABASE],
    // The input fuzz (tests/integration/fuzz-inputs.test.ts, 2 min on SQLite) sends every route 12 random
    // cases here instead of 32: what can differ on PostgreSQL (a NUL byte, an over-long or odd text in a
    // query) is in every case's generator, and the SQLite run has already sent the 32.
    env: { ...base.test?.env, TEST_DB: 'postgres', FUZZ_RUNS: '12' },
    globalSetup: ['tests/helpers/postgres-global.ts'],
  },
})
