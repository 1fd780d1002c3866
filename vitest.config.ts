import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'db/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // The heavy runs belong to `npm run test:stress` (vitest.stress.config.ts).
    exclude: [...configDefaults.exclude, '**/*.stress.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 180_000,
  },
})
