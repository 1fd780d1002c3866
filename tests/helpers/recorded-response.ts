// A stand-in for node's ServerResponse that records what an answer sets and sends: as much of it as
// the page cache's senders use (server/page-cache/send.ts, personal.ts).

export interface Recorded {
  statusCode: number
  /** Header names in lower case, as ServerResponse keeps them. */
  headers: Record<string, unknown>
  body: Buffer | undefined
  ended: boolean
}

/** A response whose headers start as `preset` (what the middleware before the sender set). */
export function recordedResponse(preset: Record<string, string> = {}) {
  const headers: Record<string, unknown> = { ...preset }
  const sent: Recorded = { statusCode: 0, headers, body: undefined, ended: false }
  const res = {
    set statusCode(code: number) {
      sent.statusCode = code
    },
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = value
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
    getHeaders: () => ({ ...headers }),
    end: (body?: Buffer) => {
      sent.body = body
      sent.ended = true
    },
  }
  return { res: res as never, sent }
}
