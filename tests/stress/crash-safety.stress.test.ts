// Crash safety, the heavy run: ten SIGKILLs of the built server in the middle of a write load with
// more shoppers, each followed by a restart on the same database and the full check (see
// tests/helpers/crash-run.ts). The light run in `npm test` is tests/integration/crash-safety.test.ts.
import { expect, it } from 'vitest'
import { runCrashRounds } from '../helpers/crash-run'

const CRASHES = 10

it(`survives ${CRASHES} SIGKILLs mid-load with every acknowledged payment and edit kept`, async () => {
  const report = await runCrashRounds({ crashes: CRASHES, shoppers: 8, killAfterPaid: 15 })
  console.log(`CRASH (stress): ${JSON.stringify(report)}`)
  expect(report.crashes).toBe(CRASHES)
  expect(report.acknowledgedPaid).toBeGreaterThanOrEqual(CRASHES * 15)
  expect(report.paidInDatabase).toBeGreaterThanOrEqual(report.acknowledgedPaid)
})
