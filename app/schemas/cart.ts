// The cart form (one form action with an intent field) and the cart API bodies.
import { z } from 'zod'

const id = z.string({ error: 'Missing product.' }).trim().min(1, { error: 'Missing product.' }).max(64)
const choice = z.string().trim().max(100).optional().default('')
const lineId = z.string({ error: 'Missing cart line.' }).trim().min(1, { error: 'Missing cart line.' }).max(64)

export const cartFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('add'), productId: id, variety: choice, color: choice }),
    z.object({ intent: z.literal('increment'), lineId }),
    z.object({ intent: z.literal('decrement'), lineId }),
    z.object({ intent: z.literal('remove'), lineId }),
  ],
  { error: 'Unknown cart action.' },
)

export type CartForm = z.infer<typeof cartFormSchema>

export const quantitySchema = z.coerce
  .number({ error: 'Quantity must be a number.' })
  .int({ error: 'Quantity must be a whole number.' })
  .min(1, { error: 'Quantity must be at least 1.' })
  .max(99, { error: 'Quantity can be at most 99.' })
