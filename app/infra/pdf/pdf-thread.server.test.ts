// The threaded invoice writer's plumbing, with small stand-in threads written for each test (the real
// thread, build/server/pdf-thread.js, is drawn through in tests/integration/pdf-thread.test.ts).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { expectConsole } from '../../../tests/setup/console'
import type { InvoiceWriter } from '~/domain/orders/invoice-writer'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { buildInvoice } from '~/lib/invoice-document'
import { parseInvoiceSettings } from '~/lib/invoice-settings'
import { lazyPdfInvoiceWriter, threadedInvoiceWriter } from './pdf-thread.server'

const dir = mkdtempSync(join(tmpdir(), 'pdf-thread-'))

/** A stand-in thread: `body` handles `message` ({id, document}) with `port` in scope. */
function thread(name: string, body: string): URL {
  const file = join(dir, `${name}.mjs`)
  writeFileSync(file, `import { parentPort as port, threadId } from 'node:worker_threads'\nport.on('message', (message) => {\n${body}\n})\n`)
  return pathToFileURL(file)
}

const document = (number: string) => ({ number }) as InvoiceDocument
const here: InvoiceWriter & { drawn: string[] } = {
  drawn: [],
  async pdf(doc) {
    here.drawn.push(doc.number)
    return Buffer.from(`here ${doc.number}`)
  },
}

describe('threadedInvoiceWriter', () => {
  it('draws on the thread, the bytes handed back whole, however many documents are in flight', async () => {
    here.drawn = []
    const echo = thread('echo', "const pdf = new TextEncoder().encode('thread ' + threadId + ' ' + message.document.number)\nport.postMessage({ id: message.id, pdf }, [pdf.buffer])")
    const writer = threadedInvoiceWriter(echo, { fallback: here })
    const answers = await Promise.all(['A1', 'A2', 'A3'].map((n) => writer.pdf(document(n))))
    const texts = answers.map((b) => b.toString())
    expect(texts.map((t) => t.split(' ')[2])).toEqual(['A1', 'A2', 'A3'])
    // One thread for all of them, and none drawn here.
    expect(new Set(texts.map((t) => t.split(' ')[1])).size).toBe(1)
    expect(here.drawn).toEqual([])
  })

  it("passes on the thread's error for that document", async () => {
    const refusing = thread('refusing', "port.postMessage({ id: message.id, error: 'No such font' })")
    await expect(threadedInvoiceWriter(refusing, { fallback: here }).pdf(document('B1'))).rejects.toThrow('No such font')
  })

  it('draws here the documents of a thread that dies, and starts a new thread for the next', async () => {
    here.drawn = []
    const dying = thread('dying', "if (message.document.number === 'C1') process.exit(3)\nconst pdf = new TextEncoder().encode('thread ' + threadId)\nport.postMessage({ id: message.id, pdf })")
    const writer = threadedInvoiceWriter(dying, { fallback: here })
    expectConsole('error', /The PDF thread stopped/)
    expect((await writer.pdf(document('C1'))).toString()).toBe('here C1')
    expect((await writer.pdf(document('C2'))).toString()).toMatch(/^thread \d+$/)
    expect(here.drawn).toEqual(['C1'])
  })

  it('ends the thread after a quiet spell and starts another when work comes back', async () => {
    const echo = thread('idle', "const pdf = new TextEncoder().encode(String(threadId))\nport.postMessage({ id: message.id, pdf })")
    const writer = threadedInvoiceWriter(echo, { fallback: here, idleMs: 50 })
    const first = (await writer.pdf(document('D1'))).toString()
    expect((await writer.pdf(document('D2'))).toString()).toBe(first)
    await new Promise((done) => setTimeout(done, 300))
    expect((await writer.pdf(document('D3'))).toString()).not.toBe(first)
  })

  it('draws here when there is no thread file (the sources, not the build)', async () => {
    here.drawn = []
    const writer = threadedInvoiceWriter(pathToFileURL(join(dir, 'missing.js')), { fallback: here })
    expect((await writer.pdf(document('E1'))).toString()).toBe('here E1')
    expect((await threadedInvoiceWriter(null, { fallback: here }).pdf(document('E2'))).toString()).toBe('here E2')
    expect(here.drawn).toEqual(['E1', 'E2'])
  })

  it('falls back by default to the drawing code loaded on its first document, which draws a real PDF', { timeout: 60_000 }, async () => {
    const invoice = buildInvoice({
      order: {
        number: 7,
        orderDate: '2026-11-24T09:00:00.000Z',
        testMode: false,
        userName: 'Asha Rao',
        email: 'asha@example.com',
        address: { name: '', addressLine: '221 Residency Road', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', country: 'India', phone: '+919845012345', landmark: '', notes: '' },
        lines: [{ title: 'Ocean pendant', variety: '', varietyLabel: null, color: '', quantity: 1, unitPricePaise: 149_900, category: 'jewellery' }],
        deliveryFeePaise: 0,
        totalAmountPaise: 149_900,
      },
      settings: parseInvoiceSettings({}),
      number: 'INV/2026-27/000007',
      issuedAt: '2026-11-25T10:00:00.000Z',
    })
    expect((await lazyPdfInvoiceWriter.pdf(invoice)).subarray(0, 5).toString()).toBe('%PDF-')
    expect((await threadedInvoiceWriter(null).pdf(invoice)).subarray(0, 5).toString()).toBe('%PDF-')
  })
})
