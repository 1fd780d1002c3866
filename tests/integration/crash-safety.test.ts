// Crash safety, the light run for `npm test`: two SIGKILLs of the built server in the middle of a
// write load (checkouts paid through the TEST MODE gateway, admin product edits), each followed by
// a restart on the same database. The heavier run is tests/stress/crash-safety.stress.test.ts.
import { expect, it } from 'vitest'
import { runCrashRounds } from '../helpers/crash-run'

it('survives SIGKILL mid-load: integrity ok, every acknowledged payment kept, stock = initial - paid quantities', async () => {
  const report = await runCrashRounds({ crashes: 2, shoppers: 3, killAfterPaid: 6 })
  console.log(`CRASH: ${JSON.stringify(report)}`)
  expect(report.crashes).toBe(2)
  expect(report.acknowledgedPaid).toBeGreaterThanOrEqual(12)
  expect(report.paidInDatabase).toBeGreaterThanOrEqual(report.acknowledgedPaid)
}, 60_000)
