// The server build's files are ASCII (ADR 113): V8 keeps each module's source for the module's life,
// and one character above Latin-1 (a rupee sign in a string, a dash in a comment) would store the
// whole file at two bytes a character. The characters are escaped, not lost: pdf-thread.test.ts reads
// ₹ back from an invoice the built thread drew, and the browser tests run the built server.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildIfStale, root } from '../helpers/server-build'

const NOT_ASCII = /[\u0080-\uffff]/

describe('the server build', () => {
  it('is ASCII in every file the server and the PDF thread load, its rupee signs escaped', { timeout: 180_000 }, () => {
    buildIfStale()
    const dir = join(root, 'build/server')
    const files = [...readdirSync(dir).filter((name) => name.endsWith('.js')), ...readdirSync(join(dir, 'assets')).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`)]
    expect(files).toContain('index.js')
    const offenders = files.filter((name) => NOT_ASCII.test(readFileSync(join(dir, name), 'latin1')))
    expect(offenders).toEqual([])
    expect(readFileSync(join(dir, 'index.js'), 'latin1')).toContain('\\u20b9')
  })
})
