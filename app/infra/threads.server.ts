// Worker threads with a young generation of their own size (ADR 117). V8's `--max-semi-space-size`
// (npm start gives the request thread 8 MB halves, ADR 116) is one setting for the whole process and
// wins over a worker's `resourceLimits`: the PDF thread, made with an 8 MB young generation, got the
// request thread's 16 MB for a few MB of work. V8 reads the flag when it makes a thread's heap, so
// it is unset while such a thread starts and set back once the thread is running.
import { setFlagsFromString } from 'node:v8'
import { Worker, type WorkerOptions } from 'node:worker_threads'

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(?:=(.*))?$/

/** The semi-space size in MB that arguments give V8 (the last one given wins), or null when none does. */
export function semiSpaceFlag(args: readonly string[]): number | null {
  let size: number | null = null
  args.forEach((arg, i) => {
    const match = SEMI_SPACE_FLAG.exec(arg)
    if (!match) return
    const value = Number(match[1] ?? args[i + 1])
    if (Number.isInteger(value) && value >= 0) size = value
  })
  return size
}

/** What the process was started with: NODE_OPTIONS first, then its own command line (which wins). */
const PROCESS_SEMI_SPACE = semiSpaceFlag([...(process.env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean), ...process.execArgv])

let starting = 0

export type ThreadOptions = WorkerOptions & { resourceLimits: { maxYoungGenerationSizeMb: number } }

/**
 * A worker thread whose young generation is `resourceLimits.maxYoungGenerationSizeMb`, whatever the
 * process's flag. `processSemiSpace` is the flag's value (tests give their own).
 */
export function startThread(file: URL | string, options: ThreadOptions, processSemiSpace = PROCESS_SEMI_SPACE): Worker {
  if (!processSemiSpace) return new Worker(file, options)
  if (starting++ === 0) setFlagsFromString('--max-semi-space-size=0')
  let restored = false
  const restore = () => {
    if (restored) return
    restored = true
    if (--starting === 0) setFlagsFromString(`--max-semi-space-size=${processSemiSpace}`)
  }
  try {
    const worker = new Worker(file, options)
    // Its heap exists once it is online; a thread that fails to start gives the flag back too.
    worker.once('online', restore).once('exit', restore)
    return worker
  } catch (error) {
    restore()
    throw error
  }
}
