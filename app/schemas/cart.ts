// The cart form (one form action with an intent field) and the cart API bodies.
import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '~/lib/cart'
import { VARIETY_TYPES } from '~/lib/catalog'
import { apiBodySchema } from './api-body'
import { apiUserIdSchema } from './api-user'

const id = z.string({ error: 'Missing product.' }).trim().min(1, { error: 'Missing product.' }).max(64)
const choice = z.string().trim().max(100).optional().default('')
const personalValue = z.string().max(1000).optional()
const lineId = z.string({ error: 'Missing cart line.' }).trim().min(1, { error: 'Missing cart line.' }).max(64)

export const cartFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('add'),
      productId: id,
      variety: choice,
      // The second group's option (ADR 077); '' for none.
      option2: choice,
      color: choice,
      // The product page's personalisation boxes, by field position (ADR 069); checked by the cart.
      personalization0: personalValue,
      personalization1: personalValue,
      personalization2: personalValue,
    }),
    z.object({ intent: z.literal('increment'), lineId }),
    z.object({ intent: z.literal('decrement'), lineId }),
    z.object({ intent: z.literal('remove'), lineId }),
  ],
  { error: 'Unknown cart action.' },
)

export const quantitySchema = z.coerce
  .number({ error: 'Quantity must be a number.' })
  .int({ error: 'Quantity must be a whole number.' })
  .min(1, { error: 'Quantity must be at least 1.' })
  .max(MAX_LINE_QUANTITY, { error: `Quantity can be at most ${MAX_LINE_QUANTITY}.` })

// The cart /api bodies (docs/api.md). Unknown keys, such as a client's price, salePrice or
// total, are dropped: the server prices every line itself.


/** A quantity from JSON or a form: a whole number 1..99 (also as a numeric string). */
export const apiQuantitySchema = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? 'Quantity is required.' : 'Quantity must be a number.'),
  })
  .transform((value): unknown => value)
  .pipe(quantitySchema)

const optionName = z.string().trim().max(100, { error: 'This option is not available.' })

/**
 * A variety as the option name, or as the original client's object {type, name | size | packName};
 * either way the option name (undefined when none is given).
 */
export const apiVarietySchema = z
  .union(
    [
      optionName,
      z
        .object({
          type: z.enum(VARIETY_TYPES).optional(),
          name: optionName.optional(),
          size: optionName.optional(),
          packName: optionName.optional(),
        })
        .transform((v) => v.name ?? v.size ?? v.packName),
      z.null(),
    ],
    { error: 'Variety must be an option name.' },
  )
  .optional()
  .transform((v) => v ?? undefined)

export const apiColorSchema = z
  .union([optionName, z.null()], { error: 'Color must be a color name.' })
  .optional()
  .transform((v) => v ?? undefined)

/** The second group's option name (ADR 077): an optional extra; null or left out is none. */
export const apiOption2Schema = z
  .union([optionName, z.null()], { error: 'Option2 must be an option name.' })
  .optional()
  .transform((v) => v ?? undefined)

/**
 * A line's personalisation, label -> value (ADR 069): checked against the product's fields by the
 * cart (app/lib/personalization.ts); null or left out is none.
 */
export const apiPersonalizationSchema = z
  .union([z.record(z.string().max(100), z.unknown()), z.null()], { error: 'Personalization must be an object of label and value.' })
  .optional()
  .transform((v) => v ?? undefined)
  .refine((v) => v === undefined || Object.keys(v).length <= 10, { error: 'Personalization must be an object of label and value.' })

/** POST /api/shop/cart/add and PUT /api/shop/cart/update-cart. */
export const cartApiLineSchema = apiBodySchema({
  userId: apiUserIdSchema,
  productId: id,
  quantity: apiQuantitySchema,
  variety: apiVarietySchema,
  option2: apiOption2Schema,
  color: apiColorSchema,
  personalization: apiPersonalizationSchema,
})

/** DELETE /api/shop/cart/:userId/:productId: which line, when the product has several. */
export const cartApiSelectionSchema = apiBodySchema({ variety: apiVarietySchema, option2: apiOption2Schema, color: apiColorSchema })
