// One request through node:http, for what fetch will not do: send a Host header of our choosing, or
// hand back the bytes as they came (fetch undoes Content-Encoding). No encoding is asked for unless
// the caller sends Accept-Encoding.
import { type IncomingHttpHeaders, request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  bytes: Buffer
}

export function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}
