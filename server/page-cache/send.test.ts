import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { weakEtag } from './answers'
import { type KeptHeaders, sendFirstAnswer } from './send'
import { recordedResponse } from '../../tests/helpers/recorded-response'

const body = Buffer.from(JSON.stringify({ success: true, data: Array.from({ length: 400 }, (_, i) => ({ _id: `p${i}`, title: 'Ocean resin coaster' })) }))

function firstAnswer(): KeptHeaders {
  return { csp: "default-src 'self'", contentType: 'application/json; charset=utf-8', etag: weakEtag(body) }
}

describe("a kept /api answer's miss (ADR 110)", () => {
  it("goes out in the same turn of the event loop as its request, in the client's encoding, and keeps its headers for the hits", () => {
    let turned = false
    setImmediate(() => {
      turned = true
    })
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const { res, sent } = recordedResponse({ 'x-frame-options': 'DENY' })
      const answer = firstAnswer()
      sendFirstAnswer({ method: 'GET', headers: { 'accept-encoding': accept } } as never, res, answer, body)
      expect(sent.ended).toBe(true)
      expect(sent.statusCode).toBe(200)
      expect(sent.headers['content-encoding']).toBe(encoding)
      expect(sent.headers['x-cache']).toBe('MISS')
      expect(sent.headers['content-length']).toBe(sent.body?.length)
      expect(decode(sent.body ?? Buffer.alloc(0)).equals(body)).toBe(true)
      // The security middleware's headers and the answer's own are kept for its hits; the encoding's are not.
      expect(Object.fromEntries(answer.headers ?? [])).toEqual({
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'self'",
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'private, no-cache',
        vary: 'Accept-Encoding',
        etag: answer.etag,
      })
    }
    // Through libuv's pool the answer waited for the loop's next turn: a setImmediate ran first.
    expect(turned).toBe(false)
  })

  it('goes as it is to a client that takes no compression, headers only for HEAD, and 304 for a current copy', () => {
    const plain = recordedResponse()
    sendFirstAnswer({ method: 'GET', headers: {} } as never, plain.res, firstAnswer(), body)
    expect(plain.sent.headers['content-encoding']).toBeUndefined()
    expect(plain.sent.body?.equals(body)).toBe(true)

    const head = recordedResponse()
    sendFirstAnswer({ method: 'HEAD', headers: { 'accept-encoding': 'br' } } as never, head.res, firstAnswer(), body)
    expect(head.sent.body).toBeUndefined()
    expect(head.sent.headers['content-length']).toBeGreaterThan(0)

    const current = recordedResponse()
    const answer = firstAnswer()
    sendFirstAnswer({ method: 'GET', headers: { 'accept-encoding': 'br', 'if-none-match': answer.etag } } as never, current.res, answer, body)
    expect(current.sent.statusCode).toBe(304)
    expect(current.sent.body).toBeUndefined()
    expect(current.sent.headers['content-type']).toBeUndefined()
    expect(answer.headers?.some(([name]) => name === 'content-type')).toBe(true)
  })
})
