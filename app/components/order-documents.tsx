// Download links for an order's invoice and credit note (shown once they are issued), and the
// admin's packing slip.

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v12m0 0-5-5m5 5 5-5M5 21h14" />
    </svg>
  )
}

export interface OrderDocumentNumbers {
  invoice: string | null
  creditNote: string | null
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800'

/** The label over the document's number; the number never breaks (on a phone it went 'INV/2026-' / '27/000004'). */
function LinkText({ label, number }: { label: string; number: string }) {
  return (
    <span className="grid">
      <span>{label}</span> <span className="text-xs font-normal whitespace-nowrap text-zinc-500 dark:text-zinc-400">{number}</span>
    </span>
  )
}

/** `base` is the order's page ('/shop/account/orders/ID' or '/admin/orders/ID'); the PDFs live under it. */
export function OrderDocumentLinks({ base, documents, className = '' }: { base: string; documents: OrderDocumentNumbers; className?: string }) {
  if (!documents.invoice && !documents.creditNote) return null
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      {documents.invoice ? (
        <a href={`${base}/invoice.pdf`} download className={linkClass}>
          <DownloadIcon /> <LinkText label="Download invoice" number={documents.invoice} />
        </a>
      ) : null}
      {documents.creditNote ? (
        <a href={`${base}/credit-note.pdf`} download className={linkClass}>
          <DownloadIcon /> <LinkText label="Download credit note" number={documents.creditNote} />
        </a>
      ) : null}
    </div>
  )
}

/** The admin's download of an order's packing slip (ADR 072): a plain link, so it works without JS. */
export function PackingSlipLink({ href, orderNumber }: { href: string; orderNumber: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <a href={href} download className={linkClass}>
        <DownloadIcon /> <LinkText label="Download packing slip" number={orderNumber} />
      </a>
    </div>
  )
}
