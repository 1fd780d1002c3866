import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CloseIcon } from '~/components/icons'

/** The side sheet over the products grid: a real page (its own url) that looks like a sheet. */
export function ProductSheet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Link to="/admin/products" aria-label="Close" className="fixed inset-0 z-40 bg-black/50" tabIndex={-1} />
      <section
        aria-label={title}
        className="fixed inset-y-0 right-0 z-50 w-full max-w-lg overflow-y-auto bg-white p-5 shadow-2xl dark:bg-zinc-950"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-bold">{title}</h2>
          <Link to="/admin/products" aria-label="Close" className="rounded-full p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800">
            <CloseIcon />
          </Link>
        </div>
        {children}
      </section>
    </>
  )
}
