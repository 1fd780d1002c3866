import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/cn'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'

export const inputClass =
  'block h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 placeholder:text-zinc-400 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100'

/** A labelled input with its error messages right below it. */
export function Field({
  label,
  errors,
  errorId,
  children,
  className,
}: {
  label: string
  errors?: string[]
  errorId?: string
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is the children */}
      <label className="grid gap-1.5 text-sm font-medium">
        {label}
        {children}
      </label>
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />
}

/** A keyword box (the shop's search, the admin's product search): cut at the search's keyword length, named by `label`. */
export function SearchInput({ label, ...props }: Omit<ComponentProps<'input'>, 'type' | 'maxLength' | 'aria-label'> & { label: string }) {
  return <Input type="search" maxLength={MAX_KEYWORD_LENGTH} aria-label={label} {...props} />
}

/** Form-level error (e.g. wrong password) announced to screen readers. */
export function FormError({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null
  return (
    <p id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-300">
      {errors.join(' ')}
    </p>
  )
}

/** A form's one error line (a reply's message), under the control it is about. */
export function InlineError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  )
}
