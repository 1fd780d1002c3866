// How long a request blocks the server's event loop: while it is handled, a trivial GET is sent
// again and again, and the slowest of them is the block. Used by the parser-timing stress test (every
// route, every worst body) and by the quick check in tests/integration/fuzz-inputs.test.ts.

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

/** The longest a trivial GET to `baseUrl` took while `work` ran. */
export async function slowestProbeDuring<T>(baseUrl: string, work: Promise<T>): Promise<{ result: T; slowest: number }> {
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
  return { result, slowest }
}
