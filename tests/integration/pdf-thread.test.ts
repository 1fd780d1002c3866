// The built PDF thread (build/server/pdf-thread.js, the server build's second entry: ADR 090) draws a
// real invoice: the file the server starts its thread from exists after a build, and answers a
// document with a PDF that pdftotext reads back.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { PdfThreadReply } from '~/infra/pdf/pdf-thread.server'
import { buildInvoice, type InvoiceOrder } from '~/lib/invoice-document'
import { parseInvoiceSettings } from '~/lib/invoice-settings'
import { statFields } from '../helpers/proc-stat'
import { buildIfStale, root, staticImports } from '../helpers/server-build'

/** This process's threads whose nice value is `nice` (Linux's /proc: the 19th field of a thread's stat). */
function threadsAtNice(nice: number): string[] {
  return readdirSync('/proc/self/task').filter((tid) => Number(statFields('self', tid)[16]) === nice)
}

const order: InvoiceOrder = {
  number: 1042,
  orderDate: '2026-11-24T09:00:00.000Z',
  testMode: false,
  userName: 'Asha Rao',
  email: 'asha@example.com',
  address: { name: '', addressLine: '221 Residency Road', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', country: 'India', phone: '+919845012345', landmark: '', notes: '' },
  lines: [{ title: 'Ocean pendant', variety: '', varietyLabel: null, color: 'Teal', quantity: 1, unitPricePaise: 149_900, category: 'jewellery' }],
  deliveryFeePaise: 0,
  totalAmountPaise: 149_900,
}

describe('the built PDF thread', () => {
  it('draws an invoice sent to it', { timeout: 180_000 }, async () => {
    buildIfStale()
    const thread = new Worker(join(root, 'build/server/pdf-thread.js'))
    try {
      const document = buildInvoice({ order, settings: parseInvoiceSettings({}), number: 'INV/2026-27/000042', issuedAt: '2026-11-25T10:00:00.000Z' })
      const reply = await new Promise<PdfThreadReply>((done, fail) => {
        thread.once('message', done)
        thread.once('error', fail)
        thread.postMessage({ id: 7, document })
      })
      expect(reply.id).toBe(7)
      expect(reply.error).toBeUndefined()
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(reply.pdf as Uint8Array) }).toString('utf8')
      expect(text).toContain('INV/2026-27/000042')
      expect(text).toMatch(/Total\s+₹1,499.00/)
      // It runs below the request thread (ADR 107): at nice 10, this process's other threads as they were.
      expect(threadsAtNice(10)).toHaveLength(1)
      expect(threadsAtNice(0)).toContain(String(process.pid))
    } finally {
      await thread.terminate()
    }
  })

  it('the server entry loads no pdfkit or fontkit at start: it imports the drawing code on its first document (ADR 097)', { timeout: 180_000 }, () => {
    buildIfStale()
    const server = staticImports(join(root, 'build/server/index.js'))
    expect(server.has('react')).toBe(true)
    expect([...server].filter((name) => /pdfkit|fontkit/.test(name))).toEqual([])
    // The thread loads the drawing code (its fonts) at its start.
    expect([...staticImports(join(root, 'build/server/pdf-thread.js'))].some((name) => /\/pdf-drawing-[\w-]+\.js$/.test(name))).toBe(true)
    // The drawing code is still there for the main thread's fallback and the packing slips.
    expect(readFileSync(join(root, 'build/server/index.js'), 'utf8')).toMatch(/await import\("\.\/assets\/pdf-drawing-[\w-]+\.js"\)/)
  })

  it('the thread loads the drawing code and its helpers, and none of the request side\'s packages: no zod, no React (ADR 113)', { timeout: 180_000 }, () => {
    buildIfStale()
    const packages = [...staticImports(join(root, 'build/server/pdf-thread.js'))].filter((name) => !name.startsWith('/') && !name.startsWith('node:'))
    expect(packages.sort()).toEqual(['lru-cache'])
  })
})
