import { useHydrated } from '~/lib/use-hydrated'

/** Hidden fields every cart form carries: where to come back without JS, or a fetcher marker with it. */
export function CartFormFields({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated()
  return hydrated ? <input type="hidden" name="_fetch" value="1" /> : <input type="hidden" name="redirectTo" value={redirectTo} />
}
