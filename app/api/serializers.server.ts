// How domain values look in the /api JSON contract (docs/spec/entities.md field names).
import type { ReturnView } from '~/lib/returns'
import type { PartialRefundView } from '~/lib/refund-shares'
import { pickAddressFields } from '~/lib/addresses'
import type { VarietyType } from '~/lib/catalog'
import { paiseToRupees } from '~/lib/money'
import { type Priced, unitPricePaise } from '~/lib/pricing'
import type { SessionUser } from '~/lib/user'
import type { AddressView } from '~/domain/accounts/addresses.server'
import type { Cart, CartLine } from '~/domain/cart/cart.server'
import type { ProductCardData, ProductDetail } from '~/domain/catalog/catalog.server'
import type { BannerItem } from '~/domain/catalog/banners.server'
import type { OrderDetail, OrderSummary } from '~/domain/orders/order-reads.server'
import type { ReviewItem } from '~/domain/catalog/reviews.server'

export function toApiUser(user: SessionUser) {
  return { id: user.id, _id: user.id, userName: user.userName, name: user.userName, email: user.email, role: user.role }
}

/** A price and sale price in rupees, as every /api shape shows them (salePrice 0 when none). */
function rupeePrices(priced: Priced): { price: number; salePrice: number } {
  return { price: paiseToRupees(priced.pricePaise), salePrice: paiseToRupees(priced.salePricePaise) }
}

/** A product card: what the listing, home and search need. Prices in rupees; salePrice 0 when none. */
function toApiProductCard(card: ProductCardData) {
  return {
    _id: card.id,
    title: card.title,
    category: card.category,
    ...rupeePrices(card),
    totalStock: card.totalStock,
    image: card.image ?? '',
  }
}

/**
 * docs/spec's variety: {type, options, sizes, packs}. Every list is always there; only the type's own
 * list has entries (a client may read `variety.options` whatever the type without failing).
 */
/**
 * An option's stock, when the product keeps stock per variant (ADR 061): in all, and by colour where
 * colours have their own; and its own making time, when it has one (ADR 070).
 */
type ColorStock = {
  stockByColor?: Record<string, number>
  priceByColor?: Record<string, number>
  salePriceByColor?: Record<string, number>
}

/** One option combined with one of the second group's (ADR 077): its stock, by colour, and its own prices in rupees. */
type Option2Stock = ColorStock & { stock: number; price?: number; salePrice?: number }

type OptionStock = ColorStock & {
  stock?: number
  /** Stock per option of the second group (ADR 077), when the option keeps it so. */
  byOption2?: Record<string, Option2Stock>
  madeToOrderDays?: number
}

export interface ApiVariety {
  type: VarietyType
  options: ({ name: string; price: number; salePrice: number } & OptionStock)[]
  sizes: ({ size: string; price: number; salePrice: number } & OptionStock)[]
  packs: ({ packName: string; price: number } & OptionStock)[]
}

/**
 * {colour: stock} of the variants given, or nothing when there are none; and {colour: rupees} of
 * those with their own price or sale price (ADR 071), only when some have.
 */
function byColor(variants: ProductDetail['variants']): ColorStock {
  if (variants.length === 0) return {}
  const own = (key: 'pricePaise' | 'salePricePaise') =>
    Object.fromEntries(variants.flatMap((v) => (v[key] === undefined ? [] : [[v.color, paiseToRupees(v[key])]])))
  const [prices, salePrices] = [own('pricePaise'), own('salePricePaise')]
  return {
    stockByColor: Object.fromEntries(variants.map((v) => [v.color, v.available])),
    ...(Object.keys(prices).length ? { priceByColor: prices } : {}),
    ...(Object.keys(salePrices).length ? { salePriceByColor: salePrices } : {}),
  }
}

/**
 * An option's stock fields (none for a product with one stock): its own variant's, or its colours'
 * and their sum; an option with no variant of its own has 0 (or nothing when the colours alone
 * carry the stock, shown as the product's stockByColor).
 */
function optionStock(detail: ProductDetail, option: string): OptionStock {
  const own = detail.variety?.options.find((o) => o.name === option)?.madeToOrderDays
  return { ...(own === null || own === undefined ? {} : { madeToOrderDays: own }), ...optionShelfStock(detail, option) }
}

function optionShelfStock(detail: ProductDetail, option: string): OptionStock {
  if (detail.variants.length === 0) return {}
  const own = detail.variants.filter((v) => v.variety === option)
  if (own.length === 0) return detail.variants.some((v) => v.variety === '') ? {} : { stock: 0 }
  const second = own.filter((v) => v.option2 !== '')
  const colored = own.filter((v) => v.option2 === '' && v.color !== '')
  return { stock: sumOf(own), ...byColor(colored), ...(second.length ? { byOption2: byOption2(second) } : {}) }
}

const sumOf = (variants: ProductDetail['variants']) => variants.reduce((sum, v) => sum + v.available, 0)

/** An option's variants keyed by a second option (ADR 077), grouped by it: {Gold: {stock, stockByColor?, price?, ...}}. */
function byOption2(variants: ProductDetail['variants']): Record<string, Option2Stock> {
  const names = [...new Set(variants.map((v) => v.option2))]
  return Object.fromEntries(
    names.map((name) => {
      const of = variants.filter((v) => v.option2 === name)
      const plain = of.find((v) => v.color === '')
      const own = {
        ...(plain?.pricePaise === undefined ? {} : { price: paiseToRupees(plain.pricePaise) }),
        ...(plain?.salePricePaise === undefined ? {} : { salePrice: paiseToRupees(plain.salePricePaise) }),
      }
      return [name, { stock: sumOf(of), ...byColor(of.filter((v) => v.color !== '')), ...own }]
    }),
  )
}

/** The second option group (ADR 077), an extra: its name and options, each with its stock in all when stock is kept by it. */
function toApiOptions2(detail: ProductDetail) {
  if (!detail.option2) return {}
  const stocked = detail.variants.some((v) => v.option2 !== '')
  const options = detail.option2.options.map((name) => ({ name, ...(stocked ? { stock: sumOf(detail.variants.filter((v) => v.option2 === name)) } : {}) }))
  return { options2: { label: detail.option2.label, options } }
}

/** An option's own picture, an extra given only when it has one. */
const picture = (option: { image?: string }) => (option.image ? { image: option.image } : {})

function toApiVariety(detail: ProductDetail): ApiVariety | null {
  const { variety } = detail
  if (!variety) return null
  const empty: ApiVariety = { type: variety.type, options: [], sizes: [], packs: [] }
  switch (variety.type) {
    case 'choice':
      return { ...empty, options: variety.options.map((o) => ({ name: o.name, ...rupeePrices(o), ...optionStock(detail, o.name), ...picture(o) })) }
    case 'size':
      return { ...empty, sizes: variety.options.map((o) => ({ size: o.name, ...rupeePrices(o), ...optionStock(detail, o.name), ...picture(o) })) }
    case 'pack':
      // Packs carry a price only (docs/spec/entities.md): the price a shopper pays for the pack.
      return {
        ...empty,
        packs: variety.options.map((o) => ({ packName: o.name, price: paiseToRupees(unitPricePaise(o)), ...optionStock(detail, o.name), ...picture(o) })),
      }
  }
}

/**
 * Each variant's own making time (issue 27), keyed as the stock is ('' for a part the variant is not
 * keyed by): a combination takes its variant's (the stock rule) when given, else its option's, else the product's.
 */
function variantMakingTimes(detail: ProductDetail) {
  const own = detail.variants.flatMap((v) =>
    v.madeToOrderDays === undefined ? [] : [{ option: v.variety, option2: v.option2, color: v.color, madeToOrderDays: v.madeToOrderDays }],
  )
  return own.length ? { variantMadeToOrderDays: own } : {}
}

/**
 * docs/spec's Product entity, whole: every /api answer that holds products (lists, search, one
 * product, admin add/edit) uses this shape. Prices in rupees; salePrice 0 when none; variety null
 * when the product has none.
 */
export function toApiProduct(detail: ProductDetail) {
  return {
    ...toApiProductCard(detail),
    description: detail.description,
    averageReview: detail.averageReview,
    image: detail.images[0] ?? detail.image ?? '',
    images: detail.images,
    colors: detail.colors,
    variety: toApiVariety(detail),
    // Extras (ADR 061): the option group's name, and the stock of colours that carry their own.
    optionLabel: detail.optionLabel,
    ...toApiOptions2(detail),
    // Working days the studio takes to make it (ADR 070); 0: ready to ship.
    madeToOrderDays: detail.madeToOrderDays,
    // Extras (issue 32, ADR 083): where the piece comes from and what it is made of ('' for none).
    countryOfOrigin: detail.countryOfOrigin,
    materials: detail.materials,
    ...byColor(detail.variants.filter((v) => v.variety === '' && v.color !== '')),
    // Extra (issue 27): the variants with a making time of their own, only when some has one.
    ...variantMakingTimes(detail),
    // Extra: the colours' own pictures ({colour: url}), only when some colour has one.
    ...(Object.keys(detail.colorImages).length ? { colorImages: detail.colorImages } : {}),
    // Extra (ADR 069): the fields a personalised piece asks for ([] for a plain one).
    personalization: detail.personalization.map((f) => ({
      label: f.label,
      kind: f.kind,
      maxLength: f.maxLength,
      required: f.required,
      ...(f.pricePaise ? { pricePaise: f.pricePaise } : {}),
    })),
  }
}

/**
 * The product as the admin's /api answers it (add, edit, the full list): toApiProduct with the packed
 * piece's own weight and box (issue 30, ADR 085), extras: `weightGrams` (null: the category's) and
 * `dimensionsCm` {length, breadth, height} (each null: the category's; null when none is given).
 */
export function toApiAdminProduct(detail: ProductDetail) {
  const own = detail.ownPackage
  const noBox = own.lengthCm === null && own.breadthCm === null && own.heightCm === null
  return {
    ...toApiProduct(detail),
    weightGrams: own.weightGrams,
    dimensionsCm: noBox ? null : { length: own.lengthCm, breadth: own.breadthCm, height: own.heightCm },
  }
}

/** A review as shoppers see it (no user id: the author is shown by name only). */
export function toApiReview(review: ReviewItem) {
  return {
    _id: review.id,
    userName: review.userName,
    reviewValue: review.reviewValue,
    reviewMessage: review.reviewMessage,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
  }
}

/** docs/spec's feature image ({_id, image}) with our optional extras: the words, the link, the schedule (ADR 074). */
export function toApiBanner(banner: BannerItem) {
  return {
    _id: banner.id,
    image: banner.image,
    headline: banner.headline,
    subline: banner.subline,
    buttonText: banner.buttonText,
    link: banner.link,
    startsAt: banner.startsAt,
    endsAt: banner.endsAt,
  }
}

/** A cart line with the server's current prices (rupees); `available` false lines are not in the total. */
export function toApiCartItem(line: CartLine) {
  return {
    productId: line.productId,
    lineId: line.id,
    quantity: line.quantity,
    variety: line.varietyType && line.variety ? { type: line.varietyType, name: line.variety } : null,
    ...option2Field(line),
    color: line.color || null,
    // Extra (ADR 069): label -> value ({} for none); prices include the add-ons.
    personalization: line.personalization,
    ...rupeePrices(line),
    title: line.title,
    image: line.image,
    totalStock: line.totalStock,
    available: line.available,
    problem: line.problem,
  }
}

/** An extra of a cart or order line with a second option (ADR 077): the option and its group's name. */
function option2Field(line: { option2: string; option2Label: string }) {
  return line.option2 ? { option2: line.option2, option2Label: line.option2Label } : {}
}

/** A cart: `_id` is null until the first item is added; totalAmount sums the available lines. */
export function toApiCart(cart: Cart) {
  return { _id: cart.id, items: cart.items.map(toApiCartItem), totalAmount: paiseToRupees(cart.totalPaise) }
}

/** A saved address (docs/spec/entities.md "Address"). */
export function toApiAddress(address: AddressView) {
  return { _id: address.id, userId: address.userId, ...pickAddressFields(address) }
}

/**
 * An order in full (docs/spec/entities.md "Order"): lines and address as they were when it was placed,
 * prices in rupees, plus subtotal, deliveryFee and the status history.
 */
export function toApiOrder(order: OrderDetail) {
  return {
    _id: order.id,
    orderNumber: order.number,
    userId: order.userId,
    cartId: order.cartId,
    cartItems: order.lines.map((line) => ({
      productId: line.productId,
      title: line.title,
      image: line.image,
      price: paiseToRupees(line.unitPricePaise),
      quantity: line.quantity,
      variety: line.varietyType && line.variety ? { type: line.varietyType, name: line.variety } : null,
      ...option2Field(line),
      color: line.color || null,
      personalization: line.personalization,
    })),
    addressInfo: { addressId: order.address.addressId, ...pickAddressFields(order.address) },
    subtotal: paiseToRupees(order.subtotalPaise),
    deliveryFee: paiseToRupees(order.deliveryFeePaise),
    totalAmount: paiseToRupees(order.totalAmountPaise),
    orderDate: order.orderDate,
    orderStatus: order.orderStatus,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    userInfo: { userName: order.userName, email: order.email },
    history: order.history.map((h) => ({ status: h.status, note: h.note, changedAt: h.changedAt })),
    ...trackingField(order),
    ...refundField(order),
    // Extra (ADR 087): the owner's partial refunds, only on orders that have some.
    ...(order.refunds.length ? { refunds: order.refunds.map(toApiPartialRefund) } : {}),
    // Extra (ADR 099): the shopper's returns, only on orders that have some.
    ...(order.returns.length ? { returns: order.returns.map((r) => toApiReturn(r, order)) } : {}),
    ...(order.dispatchBy ? { dispatchBy: order.dispatchBy } : {}),
    // Extra (ADR 073): the code the order used and its saving, in paise as the cart's.
    ...(order.discount ? { discount: { code: order.discount.code, amountPaise: order.discount.amountPaise } } : {}),
  }
}

/** An extra field, only once the admin has entered shipping details: `tracking: {carrier, number, url}`. */
function trackingField(order: OrderDetail): { tracking?: { carrier: string; number: string | null; url: string | null } } {
  return order.tracking ? { tracking: { carrier: order.tracking.carrier, number: order.tracking.number, url: order.tracking.url } } : {}
}

/**
 * An extra field, only on orders with a refund: its status (queued, pending, processed, failed),
 * amount in rupees and the gateway's refund id (null until the gateway took it).
 */
function refundField(order: OrderSummary): { refund?: { status: string; amount: number; id: string | null } } {
  return order.refund
    ? { refund: { status: order.refund.status, amount: paiseToRupees(order.refund.amountPaise), id: order.refund.gatewayRefundId } }
    : {}
}

/** A partial refund (ADR 087): amount in rupees, the owner's reason, the pieces, its credit note's number once issued. */
export function toApiPartialRefund(refund: PartialRefundView) {
  return {
    id: refund.id,
    amount: paiseToRupees(refund.amountPaise),
    reason: refund.reason,
    status: refund.status,
    items: refund.items.map((item) => ({ line: item.line, title: item.title, quantity: item.quantity })),
    restocked: refund.restocked,
    createdAt: refund.createdAt,
    processedAt: refund.processedAt,
    creditNote: refund.creditNote,
  }
}

/** A return (ADR 099): its state, the pieces as the /api names them (with the order line's position), the words on both sides. */
export function toApiReturn(ret: ReturnView, order: Pick<OrderDetail, 'lines'>) {
  return {
    id: ret.id,
    number: ret.number,
    status: ret.status,
    items: ret.items.map((item) => {
      const line = order.lines[item.line]
      return {
        line: item.line,
        productId: line?.productId ?? '',
        title: item.title,
        variety: line?.variety ?? '',
        option2: line?.option2 ?? '',
        color: line?.color ?? '',
        quantity: item.quantity,
        reason: item.reason,
      }
    }),
    note: ret.note,
    /** Photos of the damage (ADR 101): how many; the order pages show them. */
    photoCount: ret.photos.length,
    ownerMessage: ret.ownerMessage,
    received: ret.received,
    withoutPickup: ret.withoutPickup,
    refundId: ret.refundId,
    exchange: ret.exchange
      ? {
          line: ret.exchange.line,
          quantity: ret.exchange.quantity,
          variety: ret.exchange.choice.variety,
          option2: ret.exchange.choice.option2,
          color: ret.exchange.choice.color,
          newUnitPaise: ret.exchange.newUnitPaise,
          paidPaise: ret.exchange.paidPaise,
          differencePaise: ret.exchange.differencePaise,
          payUrl: ret.exchange.link?.status === 'created' ? ret.exchange.link.url : null,
          paid: ret.exchange.link?.status === 'paid',
          replacementOrderId: ret.exchange.replacementOrderId,
          replacementOrderNumber: ret.exchange.replacementOrderNumber,
        }
      : null,
    createdAt: ret.createdAt,
    updatedAt: ret.updatedAt,
    // A courier pickup (ADR 104), once booked: absent otherwise.
    ...(ret.pickup?.awb ? { pickup: { carrier: ret.pickup.carrier ?? '', awb: ret.pickup.awb, trackingUrl: ret.pickup.trackingUrl, status: ret.pickup.status } } : {}),
  }
}

/** An extra field, only on orders taken by the TEST MODE gateway (no money moved). */
function testModeField(order: OrderSummary): { testMode?: true } {
  return order.testMode ? { testMode: true } : {}
}

/** An order as the admin sees it: everything the shopper sees plus the payment references and refund flag. */
export function toApiAdminOrder(order: OrderDetail) {
  return {
    ...toApiOrder(order),
    gateway: order.gateway,
    gatewayOrderId: order.gatewayOrderId,
    gatewayPaymentId: order.gatewayPaymentId,
    needsRefund: order.needsRefund,
    ...testModeField(order),
  }
}
