// The invoice writer the server uses: the PDF is drawn on a worker thread (server/jobs/pdf-thread.ts,
// built beside the server as build/server/pdf-thread.js), so that laying out an invoice (about 30 ms
// of pdfkit and fontkit) never holds up the pages and payments waiting on the event loop. On a sale
// day every paid order's confirmation mail carries its invoice; drawn on the request thread they were
// half the CPU of a checkout (docs/decisions/090-pdf-thread.md).
//
// One thread, started on the first document and ended after a quiet spell, so an idle shop keeps no
// second heap. Without the built file (sources under Vitest or `vite dev`), or if the thread cannot
// start or dies, documents are drawn here as before.
import { existsSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import type { InvoiceWriter } from '~/domain/orders/invoice-writer'
import { startThread } from '~/infra/threads.server'
import type { InvoiceDocument } from '~/lib/invoice-document'

/**
 * The main thread's own writer, loaded on its first document: pdfkit, fontkit and their tables are
 * not evaluated at start (about 0.4 s of CPU and their heap, ADR 097), since with the thread built
 * the main thread draws only when the thread cannot.
 */
export const lazyPdfInvoiceWriter: InvoiceWriter = {
  async pdf(document) {
    const { pdfInvoiceWriter } = await import('./invoice-pdf.server')
    return pdfInvoiceWriter.pdf(document)
  },
}

/**
 * The thread's heap: a second V8 heap grows lazily towards the process's cap (256 MB, `npm start`)
 * while it draws hundreds of invoices on a sale day, and the process's RSS with it (ADR 090). An
 * invoice needs a few MB; a thread that runs out ends, and its documents are drawn here instead.
 * Its young generation is its own, not the request thread's (startThread, ADR 117).
 */
export const PDF_THREAD_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 }

/** How long the thread waits for another document before it ends. */
const IDLE_MS = 15_000

export type PdfThreadRequest = { id: number; document: InvoiceDocument }
export type PdfThreadReply = { id: number; pdf?: Uint8Array; error?: string }

interface Job {
  document: InvoiceDocument
  resolve: (pdf: Buffer) => void
  reject: (error: Error) => void
}

/** A writer that draws on a thread running `file` (the built pdf-thread.js); `fallback` draws when the thread cannot. */
export function threadedInvoiceWriter(file: URL | null, { fallback = lazyPdfInvoiceWriter, idleMs = IDLE_MS } = {}): InvoiceWriter {
  const usable = file !== null && existsSync(file)
  let thread: Worker | null = null
  let idle: NodeJS.Timeout | null = null
  let nextId = 0
  const jobs = new Map<number, Job>()

  /** The thread's jobs in flight are drawn here instead: a mail or a download never fails for the thread's sake. */
  function drawHere(reason: unknown) {
    if (jobs.size) console.error('The PDF thread stopped; its documents are drawn on the main thread', reason)
    for (const [id, job] of jobs) {
      jobs.delete(id)
      fallback.pdf(job.document).then(job.resolve, job.reject)
    }
  }

  function started(): Worker | null {
    if (thread) return thread
    try {
      const worker = startThread(file as URL, { resourceLimits: PDF_THREAD_LIMITS })
      worker.on('message', (reply: PdfThreadReply) => {
        const job = jobs.get(reply.id)
        if (!job) return
        jobs.delete(reply.id)
        if (reply.pdf) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength))
        else job.reject(new Error(reply.error ?? 'The PDF thread answered nothing'))
        if (!jobs.size) restIdle()
      })
      worker.on('error', (error) => {
        if (thread === worker) thread = null
        drawHere(error)
      })
      worker.on('exit', (code) => {
        if (thread === worker) thread = null
        drawHere(new Error(`exit code ${code}`))
      })
      // A thread waiting for work never keeps the process alive.
      worker.unref()
      thread = worker
      return worker
    } catch (error) {
      console.error('The PDF thread could not start; documents are drawn on the main thread', error)
      return null
    }
  }

  function restIdle() {
    if (idle) clearTimeout(idle)
    idle = setTimeout(() => {
      idle = null
      if (jobs.size || !thread) return
      const ending = thread
      thread = null
      void ending.terminate()
    }, idleMs)
    idle.unref()
  }

  return {
    pdf(document) {
      const worker = usable ? started() : null
      if (!worker) return fallback.pdf(document)
      if (idle) clearTimeout(idle)
      idle = null
      const id = ++nextId
      return new Promise<Buffer>((resolve, reject) => {
        jobs.set(id, { document, resolve, reject })
        worker.postMessage({ id, document } satisfies PdfThreadRequest)
      })
    },
  }
}

let serverWriter: InvoiceWriter = lazyPdfInvoiceWriter

/** The writer of the server's downloads and mails: set once at start (server/process/serve.ts). */
export function invoiceWriter(): InvoiceWriter {
  return serverWriter
}

/** Draws the server's documents on the thread built at `file` (when it exists). */
export function drawPdfsOnThread(file: URL) {
  serverWriter = threadedInvoiceWriter(file)
}
