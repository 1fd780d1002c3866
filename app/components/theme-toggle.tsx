import { useFetcher, useLocation } from 'react-router'
import { cn } from '~/lib/cn'
import type { Theme } from '~/lib/theme'
import { MonitorIcon, MoonIcon, SunIcon } from './icons'
import { buttonClass } from './ui/button'
import { Disclosure } from './ui/disclosure'

const OPTIONS: { value: Theme; label: string; Icon: typeof SunIcon }[] = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
]

/** Light / Dark / System, posted to /theme (a plain form post without JS). */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher({ key: 'theme' })
  const location = useLocation()
  const current = (fetcher.formData?.get('theme') as Theme | null) ?? theme
  const CurrentIcon = OPTIONS.find((o) => o.value === current)?.Icon ?? MonitorIcon
  return (
    <Disclosure
      className="relative"
      summaryLabel="Toggle theme"
      summaryClassName={buttonClass('ghost', 'icon', 'cursor-pointer')}
      summary={<CurrentIcon />}
    >
      <fetcher.Form
        method="post"
        action="/theme"
        className="absolute right-0 z-50 mt-2 grid w-36 gap-1 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {OPTIONS.map(({ value, label, Icon }) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            aria-pressed={current === value}
            className={cn(
              'flex min-h-11 items-center gap-2 rounded px-3 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800',
              current === value && 'font-semibold',
            )}
          >
            <Icon /> {label}
          </button>
        ))}
      </fetcher.Form>
    </Disclosure>
  )
}
