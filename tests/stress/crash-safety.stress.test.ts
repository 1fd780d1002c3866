// Crash safety, the heavy run: ten SIGKILLs of the built server in the middle of a write load with
// more shoppers, each followed by a restart on the same database and the full check (see
// tests/helpers/crash-run.ts). The light run in `npm test` is tests/integration/crash-safety.test.ts.
// With TEST_SERVER_WORKERS=N (N >= 2; .ci/run's 4-worker PostgreSQL line) the kills hit one worker
// at a time instead, never the primary: the others keep answering, the primary forks a replacement,
// and no acknowledged payment is lost (ADR 040).
import { expect, it } from 'vitest'
import { runCrashRounds, runWorkerKillRounds } from '../helpers/crash-run'

const CRASHES = 10
const WORKERS = Number(process.env.TEST_SERVER_WORKERS ?? 1)

if (WORKERS >= 2) {
  it(`survives ${CRASHES} SIGKILLs of one of ${WORKERS} workers mid-load: the others answer, every acknowledged payment kept`, async () => {
    const report = await runWorkerKillRounds({ kills: CRASHES, shoppers: 8, killAfterPaid: 15 })
    console.log(`WORKER CRASH (stress): ${JSON.stringify(report)}`)
    expect(report.kills).toBe(CRASHES)
    expect(report.replaced).toBe(CRASHES)
    expect(report.acknowledgedPaid).toBeGreaterThanOrEqual((CRASHES + 1) * 15)
    expect(report.paidInDatabase).toBeGreaterThanOrEqual(report.acknowledgedPaid)
    // At most one failed request per client loop (8 shoppers and the admin) per kill.
    expect(report.interrupted).toBeLessThanOrEqual(CRASHES * 9)
  }, 900_000)
} else {
  it(`survives ${CRASHES} SIGKILLs mid-load with every acknowledged payment and edit kept`, async () => {
    const report = await runCrashRounds({ crashes: CRASHES, shoppers: 8, killAfterPaid: 15 })
    console.log(`CRASH (stress): ${JSON.stringify(report)}`)
    expect(report.crashes).toBe(CRASHES)
    expect(report.acknowledgedPaid).toBeGreaterThanOrEqual(CRASHES * 15)
    expect(report.paidInDatabase).toBeGreaterThanOrEqual(report.acknowledgedPaid)
  })
}
