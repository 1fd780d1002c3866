import { type ReactNode, useEffect, useRef } from 'react'
import { cn } from '~/lib/cn'

/**
 * A dialog over the page (JS only): a non-modal <dialog> above a backdrop, so toasts still show
 * on top of it. Escape, the backdrop and `onClose` close it; focus moves in and comes back; the
 * page behind does not scroll.
 */
export function Modal({
  label,
  onClose,
  className,
  children,
}: {
  label: string
  onClose: () => void
  className?: string
  children: ReactNode
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    dialog.current?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-50 bg-black/60" onClick={onClose} />
      <dialog
        ref={dialog}
        open
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={cn(
          'fixed z-50 overflow-y-auto bg-white text-zinc-900 shadow-2xl outline-none dark:bg-zinc-950 dark:text-zinc-100',
          className,
        )}
      >
        {children}
      </dialog>
    </>
  )
}
