// The side sheet over the products grid: a real page (its own url, carrying the grid's search) that
// looks like a sheet. Without JS it is a page: Close is a link and nothing typed can be lost to a
// stray tap. With JS, leaving it (backdrop, Close, Cancel, Escape, the phone's Back) with unsaved
// changes asks "Discard changes?" first; saving leaves without asking.
import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import { Link, useBlocker, useNavigate } from 'react-router'
import { CloseIcon } from '~/components/icons'
import { buttonClass } from '~/components/ui/button'

/** The sheet's form as text (its fields in order), to tell whether anything changed since it opened. */
function formSnapshot(sheet: HTMLElement | null): string | null {
  const form = sheet?.querySelector('form')
  if (!form) return null
  const fields = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  return new URLSearchParams(fields).toString()
}

/** Whether the form in `sheet` differs from how it was when the sheet opened (JS only). */
function useUnsavedChanges(sheet: RefObject<HTMLElement | null>) {
  const opened = useRef<string | null>(null)
  useEffect(() => {
    opened.current = formSnapshot(sheet.current)
  }, [sheet])
  return useCallback(() => opened.current !== null && formSnapshot(sheet.current) !== opened.current, [sheet])
}

/**
 * "Discard changes?": discarding goes on to where the admin was going; keeping (the button, Escape or
 * a tap beside the question) returns to the form. Focus stays on its two buttons while it is open.
 */
function DiscardChanges({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const keep = useRef<HTMLButtonElement>(null)
  const discard = useRef<HTMLButtonElement>(null)
  // Before the question paints, so a key pressed as soon as it shows is already inside it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    keep.current?.focus()
    return () => opener?.focus()
  }, [])
  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center p-4 sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-black/40" onClick={onKeep} />
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="discard-changes-heading"
        aria-describedby="discard-changes-text"
        className="relative grid w-full max-w-sm gap-3 rounded-lg border border-red-300 bg-white p-4 shadow-2xl dark:border-red-800 dark:bg-zinc-950"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            onKeep()
          } else if (event.key === 'Tab') {
            event.preventDefault()
            const next = document.activeElement === keep.current ? discard.current : keep.current
            next?.focus()
          }
        }}
      >
        <h2 id="discard-changes-heading" className="font-semibold">
          Discard changes?
        </h2>
        <p id="discard-changes-text" className="text-sm">
          What you changed in this product is not saved yet and will be lost.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" ref={discard} onClick={onDiscard} className={buttonClass('destructive', 'md', 'max-sm:flex-1')}>
            Discard
          </button>
          <button type="button" ref={keep} onClick={onKeep} className={buttonClass('outline', 'md', 'max-sm:flex-1')}>
            Keep editing
          </button>
        </div>
      </div>
    </div>
  )
}

export function ProductSheet({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const sheet = useRef<HTMLElement>(null)
  const changed = useUnsavedChanges(sheet)
  const navigate = useNavigate()
  // Leaving the sheet's page asks first; a save posts to the sheet's own page, so it never does.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && changed())
  const asking = blocker.state === 'blocked'

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape' && !asking) navigate(closeTo)
    }
    // Reloading or closing the tab: the browser's own question.
    function onUnload(event: BeforeUnloadEvent) {
      if (changed()) event.preventDefault()
    }
    document.addEventListener('keydown', onKey)
    window.addEventListener('beforeunload', onUnload)
    return () => {
      document.removeEventListener('keydown', onKey)
      window.removeEventListener('beforeunload', onUnload)
    }
  }, [asking, changed, closeTo, navigate])

  return (
    <>
      {/* A tap on the backdrop closes the sheet only with JS, which asks first; without JS it does nothing. */}
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/50" onClick={() => navigate(closeTo)} />
      <section
        ref={sheet}
        aria-label={title}
        className="fixed inset-y-0 right-0 z-50 w-full max-w-lg overflow-y-auto bg-white px-5 pt-5 shadow-2xl dark:bg-zinc-950"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-bold">{title}</h2>
          <Link to={closeTo} aria-label="Close" className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800">
            <CloseIcon />
          </Link>
        </div>
        {children}
      </section>
      {asking ? <DiscardChanges onDiscard={() => blocker.proceed?.()} onKeep={() => blocker.reset?.()} /> : null}
    </>
  )
}
