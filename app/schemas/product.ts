// The admin product form and the admin products API: one schema (docs/spec "Product form").
import { z } from 'zod'
import { CATEGORY_IDS, PRODUCT_LIMITS, PRODUCT_MESSAGES, VARIETY_TYPES } from '~/lib/catalog'
import { isUploadUrl } from '~/lib/images'
import { isWholePaise, rupeesToPaise } from '~/lib/money'

const MAX_RUPEES = 1_000_000

/**
 * Rupees as typed (e.g. "1499" or "1499.50"), parsed once into integer paise. A bad amount aborts,
 * so the cross-field checks below (sale below price) only ever compare two valid amounts in paise.
 */
const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative`, abort: true })
    .max(MAX_RUPEES, { error: `${label} can be at most ₹10,00,000`, abort: true })
    .refine(isWholePaise, { error: `${label} can have at most 2 decimals`, abort: true })
    .transform(rupeesToPaise)

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can be at most ${max} characters` })

const varietySchema = z.object({
  name: text('Option name', 60),
  price: rupees('Option price').refine((p) => p > 0, { error: 'Option price must be more than 0' }),
  salePrice: rupees('Option sale price').optional().default(0),
})

export const productSchema = z
  .object({
    title: text('Title', 120),
    description: text('Description', 2000),
    category: z.enum(CATEGORY_IDS, { error: 'Choose a category' }),
    price: rupees('Price').refine((p) => p > 0, { error: 'Price must be more than 0' }),
    salePrice: rupees('Sale price').optional().default(0),
    totalStock: z.coerce
      .number({ error: 'Total stock must be a number' })
      .int({ error: 'Total stock must be a whole number' })
      .min(0, { error: 'Total stock cannot be negative' })
      .max(100_000, { error: 'Total stock can be at most 100000' }),
    varietyType: z.enum(['', ...VARIETY_TYPES]).optional().default(''),
    varieties: z.array(varietySchema).max(PRODUCT_LIMITS.options, { error: PRODUCT_MESSAGES.tooManyOptions }).optional().default([]),
    colors: z.array(text('Color', 40)).max(PRODUCT_LIMITS.colors, { error: PRODUCT_MESSAGES.tooManyColors }).optional().default([]),
    images: z
      .array(z.string().refine(isUploadUrl, { error: PRODUCT_MESSAGES.unknownImage }))
      .max(PRODUCT_LIMITS.images, { error: PRODUCT_MESSAGES.tooManyImages })
      .optional()
      .default([]),
  })
  .superRefine((p, ctx) => {
    if (p.salePrice > 0 && p.salePrice >= p.price) {
      ctx.addIssue({ code: 'custom', path: ['salePrice'], message: 'Sale price must be less than the price' })
    }
    if (p.varietyType && p.varieties.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['varieties'], message: 'Add at least one option, or choose no variety' })
    }
    const names = p.varieties.map((v) => v.name.toLowerCase())
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['varieties'], message: 'Option names must be different' })
    }
    p.varieties.forEach((v, index) => {
      if (v.salePrice > 0 && v.salePrice >= v.price) {
        ctx.addIssue({ code: 'custom', path: ['varieties', index, 'salePrice'], message: 'Sale price must be less than the price' })
      }
    })
    const colors = p.colors.map((c) => c.toLowerCase())
    if (new Set(colors).size !== colors.length) {
      ctx.addIssue({ code: 'custom', path: ['colors'], message: 'Colors must be different' })
    }
  })

export type ProductInput = z.infer<typeof productSchema>
