// Shape assertions for the /api contract (docs/api.md, docs/spec/entities.md and docs/api.md): every documented
// field present with its documented type. Extra fields (our optional additions) are allowed.
import { expect } from 'vitest'

/** A field's type: a primitive name, a nested object, a list of one shape, a choice, or a fixed set of values. */
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | { kind: 'array'; of: Shape }
  | { kind: 'oneOf'; shapes: Shape[] }
  | { kind: 'enum'; values: readonly (string | number)[] }
  | { kind: 'object'; fields: Record<string, Shape> }

export const arrayOf = (of: Shape): Shape => ({ kind: 'array', of })
export const oneOf = (...shapes: Shape[]): Shape => ({ kind: 'oneOf', shapes })
export const nullable = (shape: Shape): Shape => oneOf(shape, 'null')
export const enumOf = (...values: (string | number)[]): Shape => ({ kind: 'enum', values })
export const object = (fields: Record<string, Shape>): Shape => ({ kind: 'object', fields })

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/** Every place where `value` departs from `shape`, as "path: expected X, got Y" (empty when it fits). */
export function shapeProblems(value: unknown, shape: Shape, path = '$'): string[] {
  if (typeof shape === 'string') {
    const ok = shape === 'null' ? value === null : typeof value === shape && (shape !== 'number' || Number.isFinite(value))
    return ok ? [] : [`${path}: expected ${shape}, got ${typeName(value)} ${JSON.stringify(value)}`]
  }
  switch (shape.kind) {
    case 'array':
      if (!Array.isArray(value)) return [`${path}: expected array, got ${typeName(value)}`]
      return value.flatMap((item, i) => shapeProblems(item, shape.of, `${path}[${i}]`))
    case 'enum':
      return shape.values.includes(value as string) ? [] : [`${path}: expected one of ${shape.values.join(', ')}, got ${JSON.stringify(value)}`]
    case 'oneOf': {
      const all = shape.shapes.map((s) => shapeProblems(value, s, path))
      if (all.some((p) => p.length === 0)) return []
      return [`${path}: fits none of ${shape.shapes.length} shapes (${all.map((p) => p[0]).join(' | ')})`]
    }
    case 'object': {
      if (typeName(value) !== 'object') return [`${path}: expected object, got ${typeName(value)}`]
      const record = value as Record<string, unknown>
      return Object.entries(shape.fields).flatMap(([key, field]) =>
        Object.hasOwn(record, key) ? shapeProblems(record[key], field, `${path}.${key}`) : [`${path}.${key}: missing`],
      )
    }
  }
}

/** Fails the test with every problem at once, naming the route or value. */
export function expectShape(value: unknown, shape: Shape, label = 'answer') {
  expect(shapeProblems(value, shape), label).toEqual([])
}

/** Like expectShape, and the list must not be empty (so the item shape is really checked). */
export function expectListOf(list: unknown, item: Shape, label = 'list') {
  expect(Array.isArray(list) && list.length > 0, `${label}: a non-empty list`).toBe(true)
  expectShape(list, arrayOf(item), label)
}

// The contract's entities (docs/api.md).

export const CATEGORY = enumOf('jewellery', 'home-decor', 'gifting-memories', 'special-occasion')

export const VARIETY = object({
  type: enumOf('choice', 'size', 'pack'),
  options: arrayOf(object({ name: 'string', price: 'number', salePrice: 'number' })),
  sizes: arrayOf(object({ size: 'string', price: 'number', salePrice: 'number' })),
  packs: arrayOf(object({ packName: 'string', price: 'number' })),
})

export const PRODUCT = object({
  _id: 'string',
  title: 'string',
  description: 'string',
  category: CATEGORY,
  price: 'number',
  salePrice: 'number',
  totalStock: 'number',
  averageReview: 'number',
  image: 'string',
  images: arrayOf('string'),
  colors: arrayOf('string'),
  variety: nullable(VARIETY),
})

const LINE_VARIETY = nullable(object({ type: enumOf('choice', 'size', 'pack'), name: 'string' }))

export const CART_ITEM = object({
  productId: 'string',
  quantity: 'number',
  variety: LINE_VARIETY,
  color: nullable('string'),
  price: 'number',
  salePrice: 'number',
  title: 'string',
  image: 'string',
})

export const CART = object({ _id: nullable('string'), items: arrayOf(CART_ITEM) })

export const ADDRESS = object({
  _id: 'string',
  userId: 'string',
  /** extra: the recipient, '' when not given. */
  name: 'string',
  addressLine: 'string',
  city: 'string',
  state: 'string',
  pincode: 'string',
  country: 'string',
  phone: 'string',
  landmark: 'string',
  notes: 'string',
})

export const ORDER_STATUS = enumOf('pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected', 'cancelled')

export const ORDER = object({
  _id: 'string',
  /** extra: the number pages, mails and invoices show. */
  orderNumber: 'number',
  userId: 'string',
  cartId: nullable('string'),
  cartItems: arrayOf(
    object({ productId: 'string', title: 'string', image: 'string', price: 'number', quantity: 'number', variety: LINE_VARIETY }),
  ),
  addressInfo: object({
    addressId: nullable('string'),
    /** extra: the recipient, '' when not given. */
    name: 'string',
    addressLine: 'string',
    city: 'string',
    state: 'string',
    pincode: 'string',
    country: 'string',
    phone: 'string',
    landmark: 'string',
    notes: 'string',
  }),
  totalAmount: 'number',
  orderDate: 'string',
  orderStatus: ORDER_STATUS,
  paymentMethod: 'string',
  paymentStatus: enumOf('pending', 'paid', 'failed', 'refunded'),
  userInfo: object({ userName: 'string', email: 'string' }),
})

export const REVIEW = object({ _id: 'string', reviewValue: 'number' })

export const FEATURE_IMAGE = object({ _id: 'string', image: 'string' })

export const USER = object({ id: 'string', _id: 'string', userName: 'string', name: 'string', email: 'string', role: enumOf('admin', 'user') })

/** check-auth's answer with a live session or token: the message is the contract's exact words (docs/api.md). */
export const CHECK_AUTH = object({ success: 'boolean', message: enumOf('Authenticated user!'), user: USER })

/** The answer of a list call without `page`: every match up to the cap, with the count. */
export const UNPAGED_LIST = object({ success: 'boolean', data: arrayOf(object({})), total: 'number', capped: 'boolean', cap: 'number' })

/** The answer of a list call with `page`. */
export const PAGED_LIST = object({
  success: 'boolean',
  data: arrayOf(object({})),
  total: 'number',
  pagination: object({ page: 'number', pageSize: 'number', total: 'number', pageCount: 'number' }),
})
