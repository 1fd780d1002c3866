// How long a request blocks the server's event loop: while it is handled, a trivial GET is sent
// again and again, and the slowest of them is the block. Used by the parser-timing stress test (every
// route, every worst body) and by the quick check in tests/integration/fuzz-inputs.test.ts.

import { request as httpRequest } from 'node:http'
import { statFields } from './proc-stat'

export const MB = 1024 * 1024
/** The longest the event loop may be blocked by one request. */
export const BLOCK_BUDGET_MS = 100

/** `key=value&` pairs from `make(i)` until the body is just under `bytes`. */
export function fill(make: (i: number) => string, bytes = MB - 256, prefix = ''): string {
  const parts: string[] = []
  let size = prefix.length
  for (let i = 0; ; i++) {
    const part = make(i)
    if (size + part.length + 1 > bytes) break
    parts.push(part)
    size += part.length + 1
  }
  return prefix + parts.join('&')
}

/**
 * CPU time (ms) the process's main thread (the event loop) has used so far, from Linux's
 * /proc/<pid>/task/<pid>/stat (utime + stime, in clock ticks of 10 ms); null where there is none.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    const fields = statFields(pid, pid)
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/**
 * The longest a trivial GET to `baseUrl` took while `work` ran, and, with the server's `pid`, the CPU
 * its event loop used meanwhile (`cpu`). No single block of the loop can last longer than that CPU
 * time, whatever else the machine runs: on a shared machine the probe's wall time also counts the
 * time the server waited for a core, the CPU time does not.
 */
export async function slowestProbeDuring<T>(baseUrl: string, work: Promise<T>, pid?: number): Promise<{ result: T; slowest: number; cpu: number | null }> {
  const cpuBefore = pid ? mainThreadCpuMs(pid) : null
  let done = false
  let slowest = 0
  const finished = work.finally(() => {
    done = true
  })
  const probing = (async () => {
    while (!done) {
      const started = performance.now()
      // A pooled keep-alive socket the server closed as it was reused resets: that probe does not count.
      const ok = await fetch(`${baseUrl}/favicon.svg`)
        .then((r) => r.arrayBuffer())
        .then(
          () => true,
          () => false,
        )
      if (ok) slowest = Math.max(slowest, performance.now() - started)
      await new Promise((r) => setTimeout(r, 5))
    }
  })()
  const result = await finished
  await probing
  const cpuAfter = pid ? mainThreadCpuMs(pid) : null
  return { result, slowest, cpu: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null }
}

/**
 * Sends one request on a connection of its own, closed after the answer, as a browser sends a form:
 * the answer is read as soon as it comes, even while the body is still going out (a route that
 * refuses without reading the body). fetch keeps writing the body and then reuses the connection for
 * the next request (a probe), which waited up to seconds for nothing the server did: that wait was
 * most of the sweep's time in CI (ADR 060).
 */
export function sendOnOwnConnection(
  url: string,
  request: { method: string; headers: Record<string, string>; body: string | Uint8Array },
): Promise<{ status: number; text: string } | Error> {
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body
  return new Promise((resolve) => {
    const outgoing = httpRequest(url, { method: request.method, agent: false, headers: { ...request.headers, 'Content-Length': String(body.length) } })
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') })
        outgoing.destroy()
      })
      response.on('error', (error) => resolve(error))
    })
    outgoing.on('error', (error) => resolve(error))
    outgoing.end(body)
  })
}
