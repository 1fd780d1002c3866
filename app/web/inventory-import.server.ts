// The CSV import page's adapter (issue 27, ADR 065): the dry run reads the uploaded file (a plain
// multipart post, JS or not) and answers the plan, carrying its changes with the stocks it saw into
// the confirm form; the confirm applies them all or none and goes to the inventory with a toast.
import { data } from 'react-router'
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { Invalid } from '~/domain/errors'
import { applyInventoryImport, planInventoryImport } from '~/domain/catalog/inventory-csv.server'
import { CSV_MESSAGES, type ImportAnswer, type ImportRow, MAX_CSV_BYTES, MAX_CSV_ROWS, SKU_PATTERN } from '~/lib/inventory-csv'
import type { SessionUser } from '~/lib/user'
import { PRODUCT_FACTS_LIMITS } from '~/lib/product-facts'
import { PACKAGE_MAX } from '~/lib/product-package'
import { redirectWithToast } from './toast/toast.server'

const measure = z.number().int().min(1).max(Math.max(...Object.values(PACKAGE_MAX))).nullable()
const measureChange = z.object({ from: measure, to: measure })
const fact = (max: number) => z.string().max(max * 2)
const factChange = (max: number) => z.object({ from: fact(max), to: fact(max) })

/** What the confirm form carries: each change, with the stock the dry run saw and what to show of it. */
const carriedSchema = z
  .array(
    z.object({
      row: z.number().int().min(1),
      title: z.string().max(300),
      productId: z.string().min(1).max(100),
      variety: z.string().max(200),
      option2: z.string().max(200).optional().default(''),
      color: z.string().max(200),
      stock: z.number().int(),
      seen: z.number().int(),
      sku: z.string().regex(SKU_PATTERN).optional(),
      // The price it is to sell at (ADR 071); the domain checks it again when applying.
      sellAt: z.object({ pricePaise: z.number().int().min(1).nullable(), salePricePaise: z.number().int().min(0) }).optional(),
      // The product's own columns it changes (ADR 100), with what the dry run saw; the domain refuses them when the product moved.
      facts: z
        .object({
          weightGrams: measureChange.optional(),
          lengthCm: measureChange.optional(),
          breadthCm: measureChange.optional(),
          heightCm: measureChange.optional(),
          countryOfOrigin: factChange(PRODUCT_FACTS_LIMITS.countryOfOrigin).optional(),
          materials: factChange(PRODUCT_FACTS_LIMITS.materials).optional(),
        })
        .optional(),
    }),
  )
  .min(1)
  .max(MAX_CSV_ROWS)
type Carried = z.infer<typeof carriedSchema>


const fileNameOf = (name: string) => name.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 100) || 'inventory.csv'

export async function inventoryImportAction(request: Request, admin: SessionUser) {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refused(CSV_MESSAGES.chooseFile, 400)
  }
  return form.get('intent') === 'confirm' ? confirm(form, admin) : dryRun(form)
}

async function dryRun(form: FormData) {
  const file = form.get('file')
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return refused(CSV_MESSAGES.chooseFile, 400)
  if (file.size > MAX_CSV_BYTES) return refused(CSV_MESSAGES.tooLarge, 400)
  const { counts, ...plan } = await planInventoryImport(getDb(), new Uint8Array(await file.arrayBuffer()))
  const titles = new Map(plan.rows.map((row) => [`${row.productId}\u0000${row.variety}\u0000${row.option2}\u0000${row.color}`, row]))
  const carried: Carried = counts.map((count) => {
    const row = titles.get(`${count.productId}\u0000${count.variety}\u0000${count.option2}\u0000${count.color}`)
    return {
      row: row?.row ?? 1,
      title: row?.title ?? '',
      productId: count.productId,
      variety: count.variety,
      option2: count.option2 ?? '',
      color: count.color,
      stock: count.stock,
      seen: count.seen ?? 0,
      ...(count.sku !== undefined ? { sku: count.sku } : {}),
      ...(count.sellAt !== undefined ? { sellAt: count.sellAt } : {}),
      ...(count.facts !== undefined ? { facts: count.facts } : {}),
    }
  })
  const bad = plan.fileErrors.length > 0 || plan.rows.some((row) => row.problems.length > 0)
  const answer: ImportAnswer = { stage: 'dry-run', fileName: fileNameOf(file.name), ...plan, carried: JSON.stringify(carried), changes: carried.length }
  return data(answer, { status: bad ? 400 : 200 })
}

async function confirm(form: FormData, admin: SessionUser) {
  let carried: Carried
  try {
    carried = carriedSchema.parse(JSON.parse(String(form.get('changes') ?? '')))
  } catch {
    return refused(CSV_MESSAGES.planUnreadable, 400)
  }
  const fileName = fileNameOf(String(form.get('fileName') ?? ''))
  try {
    const changed = await applyInventoryImport(getDb(), carried, { actorId: admin.id, fileName })
    return redirectWithToast('/admin/inventory', { type: 'success', message: CSV_MESSAGES.applied(changed.stocks, changed.products) })
  } catch (error) {
    if (!(error instanceof Invalid)) throw error
    const rows = carried.flatMap((count, index): ImportRow[] => {
      const problems = error.errors[String(index)]
      if (!problems) return []
      return [{ row: count.row, productId: count.productId, title: count.title, variety: count.variety, option2: count.option2, color: count.color, from: count.seen, to: count.stock, problems }]
    })
    return refused(CSV_MESSAGES.moved, 409, rows)
  }
}

function refused(message: string, status: number, rows: ImportRow[] = []) {
  const answer: ImportAnswer = { stage: 'refused', message, rows }
  return data(answer, { status })
}
