import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'db/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // The heavy runs belong to `npm run test:stress` (vitest.stress.config.ts).
    exclude: [...configDefaults.exclude, '**/*.stress.test.ts'],
    environment: 'node',
    // An unexpected console.error or console.warn fails the test (expectConsole says when one is expected);
    // the domain's settings come from the environment as the server gives them, and each test's go back.
    setupFiles: ['tests/setup/console.ts', 'tests/setup/domain-settings.ts'],
    // Password hashes at a test-only low cost (scrypt N=2^12), else every sign-up and login costs
    // ~200 ms; passwords.server.test.ts checks the real cost explicitly.
    env: { PASSWORD_TEST_COST: '1' },
    pool: 'forks',
    // Vitest's default on a 2-core machine is one file at a time (CPUs - 1), and most of a file's
    // time is spent waiting on a server it started or on a database: three at once keep both cores
    // busy (ADR 060).
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 180_000,
    // `TEST_DB=postgres npx vitest run <files>`: one throwaway cluster for the run, stopped at its end
    // (a cluster started inside each test process outlived the process when Vitest ended it).
    globalSetup: process.env.TEST_DB === 'postgres' ? ['tests/helpers/postgres-global.ts'] : [],
  },
})
