import { describe, expect, it } from 'vitest'
import { chooseEncoding, notModified } from './negotiate'

describe('negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('br, gzip, deflate')).toBe('br')
    expect(chooseEncoding('gzip, br')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip')
    expect(chooseEncoding('GZIP')).toBe('gzip')
    expect(chooseEncoding(['deflate', 'gzip'])).toBe('gzip')
    expect(chooseEncoding('identity')).toBe('identity')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('*')).toBe('br')
  })

  it('matches If-None-Match weakly, in lists and with *', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'if-none-match': value } }) as never
    expect(notModified(req('W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y", W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('*'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y"'), 'W/"x"')).toBe(false)
    expect(notModified(req(), 'W/"x"')).toBe(false)
    // What fetch() sends with a validator of its own.
    const fromFetch = { headers: { 'if-none-match': 'W/"x"', 'cache-control': 'no-cache', pragma: 'no-cache' } } as never
    expect(notModified(fromFetch, 'W/"x"')).toBe(true)
  })
})
