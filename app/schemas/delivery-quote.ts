// GET /api/shop/shipping/quote's query and the product page's delivery form (issue 30, ADR 085): a
// pincode as people type it ("560 038"), and a product or the caller's cart.
import { z } from 'zod'
import { normalizePincode, PINCODE_PATTERN } from './address'

export const DELIVERY_QUOTE_MESSAGES = {
  pincode: 'Enter a 6-digit pincode',
  what: 'Give a productId, or the userId whose cart to price',
} as const

export const deliveryPincodeSchema = z
  .string({ error: DELIVERY_QUOTE_MESSAGES.pincode })
  .max(20, { error: DELIVERY_QUOTE_MESSAGES.pincode })
  .transform(normalizePincode)
  .refine((pincode) => PINCODE_PATTERN.test(pincode), { error: DELIVERY_QUOTE_MESSAGES.pincode })

const optionalId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined)

export const deliveryQuoteQuerySchema = z
  .object({ pincode: deliveryPincodeSchema, productId: optionalId, userId: optionalId })
  .refine((query) => query.productId !== undefined || query.userId !== undefined, { error: DELIVERY_QUOTE_MESSAGES.what, path: ['productId'] })
