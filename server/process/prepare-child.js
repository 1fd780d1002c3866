// Serving, the shop first prepares itself (migrate, tidy, seed the demo shop) in a short-lived child
// process (`node server/start.js prepare`): seeding encodes dozens of images with sharp, and the
// memory libvips and the allocator keep afterwards (~190 MB) goes with that child instead of staying
// in the serving process for its whole life (docs/decisions/044-flat-memory-and-lcp.md).
import { spawn } from 'node:child_process'
import { EX_CONFIG } from './exit-codes.js'

/**
 * Runs `node <script> prepare` (same node flags) and resolves to how it ended. A stop signal
 * meanwhile goes on to the child: the shop then stops without serving.
 */
export function prepareInChild(script) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, script, 'prepare'], { stdio: 'inherit' })
    let stopped = false
    const forward = (signal) => {
      stopped = true
      child.kill(signal)
    }
    process.on('SIGTERM', forward)
    process.on('SIGINT', forward)
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward)
      process.off('SIGINT', forward)
      done({ code, signal, stopped })
    })
  })
}

/** Waits for the preparing child; exits this process as the child did when it failed (78 stays 78). */
export async function prepareOrExit(preparing) {
  const { code, signal, stopped } = await preparing
  if (code === 0 && !stopped) return
  if (stopped) {
    console.log('Stopped before serving.')
    process.exit(0)
  }
  // A configuration error has said its one line already.
  if (code !== EX_CONFIG) console.error(`Preparing the shop failed (${signal ?? `exit code ${code}`}).`)
  process.exit(code ?? 1)
}
