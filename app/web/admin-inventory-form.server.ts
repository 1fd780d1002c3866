// The inventory page's save (app/routes/admin/inventory.tsx): the rows whose stock the owner changed
// go to the domain together (setStockCounts: all or none); its errors, keyed by the changed rows'
// order, come back next to the rows' own fields (`counts[i].stock`).
import { getDb } from '~/infra/db.server'
import { rupeesToPaise } from '~/lib/money'
import { Invalid } from '~/domain/errors'
import { setStockCounts } from '~/domain/catalog/inventory.server'
import { inventorySchema } from '~/schemas/inventory'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export const INVENTORY_MESSAGES = {
  saved: (changed: number) => (changed === 1 ? 'Stock saved: 1 change' : `Stock saved: ${changed} changes`),
  nothing: 'Nothing to save: no stock was changed',
} as const

/** Saves the page's counts as `adminId`; `back` is the list (with its query) to return to. */
export async function saveInventoryForm(form: FormData, adminId: string, back: string) {
  const submission = parseForm(form, { schema: inventorySchema })
  if (submission.status !== 'success') return invalidForm(submission)
  // A row is saved when its stock, or its price or sale price (ADR 071), is not what the page showed.
  const paise = (rupees: string | undefined) => (rupees ? rupeesToPaise(Number(rupees)) : null)
  const rows = submission.value.counts
    .map(({ price, salePrice, seenPrice, seenSalePrice, ...count }, index) => {
      const repriced = price !== undefined && (paise(price) !== paise(seenPrice) || (paise(salePrice) ?? 0) !== (paise(seenSalePrice) ?? 0))
      return { ...count, index, ...(repriced ? { sellAt: { pricePaise: paise(price), salePricePaise: paise(salePrice) ?? 0 } } : {}) }
    })
    .filter((count) => count.stock !== count.seen || count.sellAt !== undefined)
  if (rows.length === 0) return redirectWithToast(back, { type: 'success', message: INVENTORY_MESSAGES.nothing })
  return formAction(
    async () => {
      const changed = await setStockCounts(getDb(), rows, { actorId: adminId, reason: 'admin-edit' })
      return redirectWithToast(back, { type: 'success', message: INVENTORY_MESSAGES.saved(changed) })
    },
    {
      reply: {
        submission,
        fieldErrors: (error) =>
          error instanceof Invalid
            ? Object.fromEntries(Object.entries(error.errors).map(([at, messages]) => [`counts[${rows[Number(at)]?.index ?? 0}].stock`, messages]))
            : undefined,
      },
    },
  )
}
