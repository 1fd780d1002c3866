// `npm start` and deploy/resin-shop.service: runs the shop (server/start.js) as a child process and
// starts it again whenever it dies, so a crash costs seconds of downtime, not the shop. The Node
// flags given to this script (the heap cap) go to the shop. SIGTERM or SIGINT stop the shop gracefully
// and then this script. A configuration error (exit code 78) is not retried: it needs a person.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { EX_CONFIG } from './process/exit-codes.js'

const startScript = join(dirname(fileURLToPath(import.meta.url)), 'start.js')
/** A shop that ran this long before dying is restarted at once; quicker deaths back off up to 30 s. */
const STABLE_MS = 60_000
const MAX_DELAY_MS = 30_000

/**
 * The shop's environment: glibc's malloc gives each thread that allocates (libvips' workers during an
 * image upload) an arena of its own and keeps what they free; two arenas bound that retained memory
 * (docs/decisions/044-flat-memory-and-lcp.md). A block of 128 kB or more (a page being compressed,
 * brotli's tables, a hash's 32 MiB) is mapped for itself and returned when freed, and free memory at
 * an arena's top above 128 kB is given back: glibc's own thresholds would otherwise rise with the
 * largest block freed and keep such blocks in the arenas (ADR 116). An explicit value of each wins.
 */
function shopEnv(env = process.env) {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || '131072',
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ || '131072',
  }
}

let child
let stopping = false
let delay = 0

function run() {
  const started = Date.now()
  child = spawn(process.execPath, [...process.execArgv, startScript, ...process.argv.slice(2)], { stdio: 'inherit', env: shopEnv() })
  console.log(`Supervisor: started the shop (process ${child.pid}).`)
  child.once('exit', (code, signal) => {
    if (stopping) {
      console.log(`Supervisor: the shop stopped (${signal ?? `exit code ${code}`}).`)
      process.exit(code ?? 0)
    }
    if (code === EX_CONFIG) {
      console.error('Supervisor: the configuration is invalid (see above); not restarting.')
      process.exit(EX_CONFIG)
    }
    delay = Date.now() - started >= STABLE_MS ? 0 : Math.min(MAX_DELAY_MS, Math.max(500, delay * 2))
    console.error(`Supervisor: the shop stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s.`)
    setTimeout(run, delay)
  })
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal)
    else process.exit(0)
  })
}

run()
