// The PDF thread (app/infra/pdf/pdf-thread.server.ts starts it): draws invoices and credit notes off
// the request thread. A second entry of the server build (vite.config.ts), built as
// build/server/pdf-thread.js. Messages in: { id, document }; out: { id, pdf } (its bytes moved, not
// copied) or { id, error }.
import { parentPort } from 'node:worker_threads'
import { pdfInvoiceWriter } from '~/infra/pdf/invoice-pdf.server'
import type { PdfThreadReply, PdfThreadRequest } from '~/infra/pdf/pdf-thread.server'
import { lowerThreadPriority } from './thread-priority'

const port = parentPort
if (!port) throw new Error('server/jobs/pdf-thread.ts runs as a worker thread')

// The documents it draws are for mails already queued and for downloads: the shoppers' pages and
// payments on the request thread come first when the cores are short.
lowerThreadPriority()

port.on('message', async ({ id, document }: PdfThreadRequest) => {
  try {
    const drawn = await pdfInvoiceWriter.pdf(document)
    // Its own memory, so it can be handed over whole.
    const pdf = new Uint8Array(drawn)
    port.postMessage({ id, pdf } satisfies PdfThreadReply, [pdf.buffer])
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PdfThreadReply)
  }
})
