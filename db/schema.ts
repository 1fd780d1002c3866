// The hand-written Kysely view of the SQLite schema (see migrations/). Money is integer paise.
// The unions of allowed values are derived from the vocabulary in app/lib (one home per list).
import type { ColumnType, Generated, Insertable, RawBuilder, Selectable, Updateable } from 'kysely'
import type { Category, VarietyType } from '../app/lib/catalog'
import type { CustomOrderStatus } from '../app/lib/custom-orders'
import type { ComplaintStatus } from '../app/lib/complaints'
import type { ConsentPurpose } from '../app/lib/consents'
import type { DocumentKind } from '../app/lib/invoice-document'
import type { DiscountKind, DiscountScope } from '../app/lib/discounts'
import type { OfferKind, OfferScope } from '../app/lib/offers'
import type { StockMovementReason } from '../app/lib/inventory'
import type { MailStatus } from '../app/lib/mail'
import type { OrderStatus, PaymentStatus } from '../app/lib/order-status'
import type { PolicySlug } from '../app/lib/policies'
import type { RefundReason, RefundStatus } from '../app/lib/refunds'
import type { ReturnStatus } from '../app/lib/returns'
import type { ReturnPickupStatus } from '../app/lib/return-pickups'
import type { Role } from '../app/lib/user'
import type { ShipmentStatus } from '../app/lib/shipments'

export type { Category, OrderStatus, PaymentStatus, RefundReason, RefundStatus, Role, VarietyType }

/** ISO 8601 text, set by the database on insert. */
type CreatedAt = ColumnType<string, string | undefined, never>

export interface UsersTable {
  id: string
  user_name: string
  email: string
  password_hash: string
  role: Role
  session_version: Generated<number>
  created_at: CreatedAt
}

export interface AuthSessionsTable {
  id: string
  user_id: string
  session_version: number
  created_at: CreatedAt
  expires_at: string
}

export interface ProductsTable {
  id: string
  title: string
  description: string
  category: Category
  price_paise: number
  sale_price_paise: Generated<number>
  total_stock: number
  /**
   * The average of the shown reviews (written with review_count in the same transaction as each
   * review write); while review_count is 0, the admin's starting value (ADR 041).
   */
  average_review: Generated<number>
  /** How many shown (not hidden) reviews the product has. */
  review_count: Generated<number>
  variety_type: VarietyType | null
  /** The owner's name for the option group ('Chain'); '' reads as the variety type's ('Size'). */
  option_label: Generated<string>
  /** The owner's name for the second option group ('Chain', ADR 077); '' when the product has none. */
  option2_label: Generated<string>
  /** The product's own SKU when it has no variants (a variant keeps its own); null when none. */
  sku: Generated<string | null>
  /** Working days the studio takes to make it (ADR 070); 0: ready to ship. */
  made_to_order_days: Generated<number>
  /** The personalisation fields, JSON [{label, kind, maxLength, required, pricePaise}] ('[]' for none; app/lib/personalization.ts). */
  personalization: Generated<string>
  /** Where the piece comes from (issue 32, ADR 083); 'India' unless the owner names another. */
  country_of_origin: Generated<string>
  /** What the piece is made of, one line ('' for none; asked of jewellery, ADR 083). */
  materials: Generated<string>
  /** The packed piece's weight and box (ADR 085); null: the category's (app/domain/shipping/packages.ts). */
  weight_grams: Generated<number | null>
  length_cm: Generated<number | null>
  breadth_cm: Generated<number | null>
  height_cm: Generated<number | null>
  created_at: CreatedAt
  updated_at: string
  deleted_at: string | null
}

export interface ProductImagesTable {
  id: Generated<number>
  product_id: string
  position: number
  url: string
}

export interface ProductColorsTable {
  id: Generated<number>
  product_id: string
  position: number
  name: string
  /** The colour's own picture (one of the product's images), '' for none. */
  image: Generated<string>
}

/** One option of the product's variety (a choice, a size or a pack, by products.variety_type). */
export interface ProductVarietiesTable {
  id: Generated<number>
  product_id: string
  position: number
  name: string
  price_paise: number
  sale_price_paise: Generated<number>
  /** The option's own picture (one of the product's images), '' for none. */
  image: Generated<string>
  /** The option's own making time in working days (ADR 070): 0 ready to ship; null (the default): the product's. */
  made_to_order_days: ColumnType<number | null, number | null | undefined, number | null>
}

/** One option of the product's second option group (ADR 077), e.g. a chain. */
export interface ProductOptions2Table {
  id: Generated<number>
  product_id: string
  position: number
  name: string
}

/**
 * A variant's own stock (ADR 061): keyed by option, colour or both ('' for the part not in the key).
 * A product with rows here keeps total_stock = the sum of their stock, written in the same transaction.
 */
export interface ProductVariantsTable {
  product_id: string
  variety_name: Generated<string>
  /** The second group's option (ADR 077); '' when the product has none or the variant is not keyed by it. */
  option2: Generated<string>
  color: Generated<string>
  stock: number
  price_paise: number | null
  sale_price_paise: number | null
  sku: string | null
  image: string | null
  position: Generated<number>
  /** The variant's own making time in working days (ADR 077): 0 ready to ship; null: its option's, else the product's. */
  made_to_order_days: ColumnType<number | null, number | null | undefined, number | null>
}

export interface CartsTable {
  id: string
  user_id: string | null
  guest_id: string | null
  /** The discount code the shopper applied (capitals), checked again on every read; null for none (ADR 073). */
  discount_code: string | null
  created_at: CreatedAt
  updated_at: string
}

export interface CartLinesTable {
  id: string
  cart_id: string
  product_id: string
  /** '' when the product has no variety. */
  variety_name: Generated<string>
  /** The second group's option (ADR 077); '' when the product has no second group. */
  option2: Generated<string>
  /** '' when the product has no colors. */
  color: Generated<string>
  /** The line's personalisation, JSON label -> value ('' for none): part of the line's identity (ADR 069). */
  personalization: Generated<string>
  quantity: number
  created_at: CreatedAt
}

export interface AddressesTable {
  id: string
  user_id: string
  address_line: string
  city: string
  state: string
  pincode: string
  country: Generated<string>
  phone: string
  landmark: Generated<string>
  notes: Generated<string>
  /** Who receives the parcel when not the account holder; '' when not given. */
  recipient_name: Generated<string>
  created_at: CreatedAt
  updated_at: string
}

export interface OrdersTable {
  id: string
  /**
   * The short number people quote ('#1024'), sequential from FIRST_ORDER_NUMBER: given at insert
   * (nextOrderNumber() in orders.server.ts), never changed. Nullable in SQLite only because the
   * column was added later; every row has one.
   */
  number: ColumnType<number, number | RawBuilder<number>, never>
  user_id: string
  cart_id: string | null
  user_name: string
  email: string
  address_id: string | null
  address_line: string
  city: string
  state: string
  pincode: string
  country: string
  phone: string
  landmark: string
  notes: string
  recipient_name: Generated<string>
  subtotal_paise: number
  delivery_fee_paise: number
  total_amount_paise: number
  order_status: OrderStatus
  payment_method: Generated<string>
  payment_status: PaymentStatus
  /** 'razorpay', 'test' (the TEST MODE gateway: no money moved) or 'demo' (seeded history). */
  gateway: string
  gateway_order_id: string | null
  gateway_payment_id: string | null
  needs_refund: Generated<number>
  /** Shipping details (set by the admin once shipped): carrier, and a number and/or link; null when none. */
  tracking_carrier: string | null
  tracking_number: string | null
  tracking_url: string | null
  tracking_updated_at: string | null
  /**
   * The client address (clientKey of the IP) a checkout was started or last retried from, for the
   * limits on what one address holds and starts (ADR 050); null when unknown, and once paid.
   */
  client_key: string | null
  /** The India day (YYYY-MM-DD) the order is expected to leave the studio: its latest line's (ADR 070); null for older orders. */
  dispatch_by: string | null
  /** The discount code the order used (ADR 073): its row, the code as applied ('' for none) and its saving. */
  discount_code_id: string | null
  discount_code: Generated<string>
  discount_paise: Generated<number>
  order_date: CreatedAt
  updated_at: string
}

export interface OrderLinesTable {
  id: Generated<number>
  order_id: string
  product_id: string
  title: string
  image: string
  variety_type: VarietyType | null
  variety_name: string
  /** The option group's name when bought ('Chain'); '' reads as the variety type's word. */
  option_label: Generated<string>
  /** The second group's option as bought (ADR 077) and the group's name then ('Chain'); '' for none. */
  option2: Generated<string>
  option2_label: Generated<string>
  color: string
  /** The personalisation as bought, JSON label -> value ('' for none): a snapshot (ADR 069). */
  personalization: Generated<string>
  /** The unit price paid, personalisation add-ons included. */
  unit_price_paise: number
  quantity: number
  /** The line's share of the order's discount (ADR 073): it paid unit_price_paise * quantity - discount_paise. */
  discount_paise: Generated<number>
}

export interface OrderStatusHistoryTable {
  id: Generated<number>
  order_id: string
  status: OrderStatus
  note: string
  changed_by: string | null
  changed_at: CreatedAt
}

export interface PaymentsTable {
  id: string
  order_id: string
  gateway: string
  gateway_order_id: string
  gateway_payment_id: string | null
  amount_paise: number
  status: PaymentStatus
  error_code: string | null
  error_description: string | null
  created_at: CreatedAt
  updated_at: string
}

/** A rate-limit counter shared by every process (app/infra/rate-limit.server.ts, ADR 040). */
export interface RateLimitCountersTable {
  /** The limiter's name and the client's key, e.g. 'login-ip:203.0.113.7'. */
  key: string
  points: number
  /** Milliseconds since 1970 at which the window ends. */
  expires_at: number
}

/** An account and address pair that has signed in (never locked out of that account). */
export interface RateLimitKnownTable {
  pair: string
  seen_at: string
}

/** An uploaded or generated image file, content-addressed and immutable; UPLOADS_DIR caches them. */
export interface StoredFilesTable {
  /** The file name under /uploads, e.g. ab12…-640.webp. */
  name: string
  content: Buffer
  created_at: CreatedAt
}

/** A stored file erased with a shopper's account, still to be removed from each process's cache (ADR 095). */
export interface ErasedFilesTable {
  /** The file name under /uploads, as in stored_files. */
  name: string
  erased_at: CreatedAt
}

export interface WebhookEventsTable {
  id: string
  event_type: string
  gateway_order_id: string | null
  payload: string
  received_at: CreatedAt
  processed_at: string | null
}

/**
 * Units of a product held for an unpaid checkout (its order) until expires_at (ISO text): live
 * while expires_at is in the future. See app/domain/cart/stock-holds.server.ts.
 */
export interface StockHoldsTable {
  order_id: string
  product_id: string
  /** The order's user: a shopper's own holds do not count against their own cart. */
  user_id: string
  /** The variant held (ADR 061, 077): its product_variants key, or '' for each part for the product's own stock. */
  variety_name: Generated<string>
  option2: Generated<string>
  color: Generated<string>
  quantity: number
  expires_at: string
  created_at: CreatedAt
}

/** One refund per order (order_id is unique): decided in the transaction that decides the order won't ship. */
/** A refund of part of a paid order (ADR 087): written before the gateway is called, sent once under refund_key. */
export interface PartialRefundsTable {
  id: string
  order_id: string
  /** Stable for the owner's one decision (the form's key): the receipt sent to the gateway. */
  refund_key: string
  gateway: string
  gateway_payment_id: string
  gateway_refund_id: string | null
  amount_paise: number
  status: RefundStatus
  /** The owner's words, which the shopper reads. */
  reason: string
  /** JSON [{line, quantity}]: the pieces given back (order lines by position); [] for an amount. */
  items: Generated<string>
  /** JSON number[]: paise given back per invoice line (the order's lines, then the delivery). */
  portions: string
  /** 1 when the pieces went back on the shelf with the decision. */
  restock: Generated<number>
  created_by: string | null
  attempts: Generated<number>
  next_attempt_at: string
  last_error: string | null
  created_at: CreatedAt
  updated_at: string
  processed_at: string | null
}

/** The owner's return policy (ADR 099): one row, id 1; absent, the defaults of app/lib/returns.ts. */
export interface ReturnSettingsTable {
  id: number
  window_days: number
  /** JSON ReturnReason[]: the reasons a shopper may give. */
  reasons: string
  /** 1: personalised and made-to-order pieces come back only when damaged or wrong. */
  special_only_damaged: Generated<number>
  /** Where a shopper sends a return ('' : the invoices' seller address). */
  send_to: Generated<string>
}

/** A shopper's return of pieces of a delivered order (ADR 099). */
export interface ReturnsTable {
  id: string
  order_id: string
  /** 1, 2, ... within the order ('Return 1'). */
  number: number
  status: ReturnStatus
  /** JSON [{line, quantity, reason}]: order lines by position. */
  items: string
  /** The shopper's words. */
  note: Generated<string>
  /** What the owner told the shopper on approving or declining. */
  owner_message: Generated<string>
  /** JSON [{line, quantity, restock}]: what the owner checked in, and whether each went back on the shelf. */
  received_items: Generated<string>
  /** 1: refunded without the pieces coming back (damage the owner saw described). */
  without_pickup: Generated<number>
  partial_refund_id: string | null
  created_at: CreatedAt
  updated_at: string
}

/** A photo of a return's damage (ADR 101): the url of its largest width, served only through the order pages. */
export interface ReturnPhotosTable {
  return_id: string
  position: number
  image_url: string
}

/** An exchange a return asks for instead of a refund (ADR 105): the new piece, the difference, its settlement. */
export interface ReturnExchangesTable {
  return_id: string
  order_id: string
  /** The order line (by position) the returned pieces are of. */
  line: number
  quantity: number
  /** The new piece: the same product in another option / colour. */
  product_id: string
  variety_name: string
  option2: string
  color: string
  /** The new piece's unit price when asked. */
  new_unit_paise: number
  /** What the returned pieces paid (after the discount's share). */
  paid_paise: number
  /** new_unit_paise * quantity - paid_paise: > 0 the shopper pays a link; < 0 a partial refund. */
  difference_paise: number
  /** 1 once the new piece's stock was taken off the shelf (on approval). */
  stock_held: Generated<number>
  link_reference: string | null
  link_id: string | null
  link_gateway: string | null
  link_url: string | null
  link_status: 'created' | 'paid' | 'cancelled' | 'expired' | null
  link_payment_id: string | null
  link_paid_at: string | null
  replacement_order_id: string | null
  created_at: CreatedAt
  updated_at: string
}

export interface RefundsTable {
  id: string
  order_id: string
  /** The gateway that took the payment: 'razorpay', 'test' or 'demo' (both refunded locally). */
  gateway: string
  gateway_payment_id: string
  /** The gateway's refund id (rfnd_...), once it accepted the refund. */
  gateway_refund_id: string | null
  amount_paise: number
  status: RefundStatus
  reason: RefundReason
  /** Calls made to the gateway for it (create or poll). */
  attempts: Generated<number>
  /** When the worker may next send (queued) or poll (pending) it; a claim moves it ahead. */
  next_attempt_at: string
  last_error: string | null
  created_at: CreatedAt
  updated_at: string
  processed_at: string | null
}

export interface ReviewsTable {
  id: string
  product_id: string
  user_id: string
  review_value: number
  review_message: Generated<string>
  /** 1 when the admin hid it: out of the product's list, average and count (its author still sees it). */
  hidden: Generated<number>
  /** Why the admin hid it ('' when shown). */
  hidden_reason: Generated<string>
  hidden_at: string | null
  created_at: CreatedAt
  /** Nullable only in SQLite's column (added later); every row has one. */
  updated_at: string | null
}

/** A home-page banner (ADR 074): its words, a link inside the shop, and its schedule (ISO text, null for open). */
export interface FeatureImagesTable {
  id: string
  image: string
  position: number
  headline: ColumnType<string, string | undefined, string>
  subline: ColumnType<string, string | undefined, string>
  button_text: ColumnType<string, string | undefined, string>
  link: ColumnType<string, string | undefined, string>
  starts_at: ColumnType<string | null, string | null | undefined, string | null>
  ends_at: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
}

/**
 * Bumped by the products triggers whenever a product's searchable text changes, so the search vocabulary
 * can be cached (migration 2026-11-25T0920). The FTS5 tables behind search (products_search,
 * products_words, products_words_vocab) are virtual and queried with raw SQL only.
 */
export interface ProductsWordsVersionTable {
  id: number
  version: number
}

/** The owner's search synonyms (migration 2026-11-27T0120): a typed word and the catalogue words it also finds, comma-separated. */
export interface SearchSynonymsTable {
  term: string
  expands_to: string
}

/** The last number taken in a series ('INV', 'CN'...) and financial year ('2026-27'). */
export interface DocumentCountersTable {
  series: string
  financial_year: string
  last_sequence: number
}

/** An issued invoice or credit note; `document` is its InvoiceDocument (app/lib/invoice-document.ts) as JSON. */
export interface InvoicesTable {
  id: string
  order_id: string
  kind: DocumentKind
  series: string
  financial_year: string
  sequence: number
  /** 'INV/2026-27/000123' */
  number: string
  issued_at: string
  document: string
  /** The partial refund a credit note reverses (ADR 087); '' for the invoice and the note that ends the order. */
  refund_id: Generated<string>
}

/** One mail, written with the event that causes it and sent by the worker (ADR 034). */
export interface MailOutboxTable {
  id: Generated<number>
  kind: string
  /** One mail per event ('order-confirmed:<orderId>'): a second insert for it is ignored. */
  dedupe_key: string
  to_address: string
  subject: string
  html: string
  text: string
  /** JSON [{kind, orderId}]: rendered at send time through the attachment registry. */
  attachments: Generated<string>
  status: Generated<MailStatus>
  attempts: Generated<number>
  next_attempt_at: string
  claimed_by: string | null
  claimed_until: string | null
  last_error: string | null
  /** 'smtp' or 'mailbox' (the admin's local mailbox when there is no SMTP_URL). */
  delivered_via: string | null
  message_id: string | null
  /** JSON: the file names attached when it was sent. */
  attached: Generated<string>
  created_at: CreatedAt
  sent_at: string | null
}

/** A password reset link: only the SHA-256 of its token is kept; single use, 30 minutes. */
export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  expires_at: string
  used_at: string | null
  created_at: CreatedAt
}

export interface CustomRequestsTable {
  id: Generated<number>
  /** The shopper who sent it signed in; null for a visitor. */
  user_id: string | null
  name: string
  phone: string
  email: string
  description: string
  occasion: Generated<string>
  budget_paise: number
  /** YYYY-MM-DD (India). */
  needed_by: string
  status: Generated<CustomOrderStatus>
  quoted_paise: number | null
  admin_notes: Generated<string>
  created_at: CreatedAt
  updated_at: Generated<string>
  /** The quote (ADR 088): the owner's message to the shopper, the dispatch day (YYYY-MM-DD), the advance's percent (0: none), when it was sent and when it lapses. */
  quote_message: Generated<string>
  quote_dispatch_by: string | null
  advance_percent: Generated<number>
  quoted_at: string | null
  quote_expires_at: string | null
  /** 'studio' or 'shopper' once declined, with the shopper's reason. */
  declined_by: string | null
  decline_reason: Generated<string>
  /** The delivery address the shopper gave when accepting (JSON of the address fields); '' before. */
  delivery_address: Generated<string>
  /** The order the paid quote became (set once). */
  order_id: string | null
}

/** A Razorpay Payment Link asked for a quote: the whole price, or its advance, or its balance (ADR 088). */
export interface CustomPaymentLinksTable {
  id: Generated<number>
  request_id: number
  kind: 'full' | 'advance' | 'balance'
  amount_paise: number
  gateway: string
  link_id: string
  short_url: string
  status: Generated<'created' | 'paid' | 'cancelled' | 'expired'>
  payment_id: string | null
  created_at: CreatedAt
  paid_at: string | null
}

/** A signed quote link's nonce once used (a link acts once). */
export interface CustomQuoteLinkUsesTable {
  nonce: string
  request_id: number
  used_at: CreatedAt
}

export interface CustomRequestPhotosTable {
  request_id: number
  position: number
  image_url: string
}

/** One change of a product's or variant's shelf stock: how much, what it left, why, and who. */
export interface StockMovementsTable {
  id: Generated<number>
  product_id: string
  /** '' for the part the stock is not keyed by (ADR 061, 077). */
  variety_name: Generated<string>
  option2: Generated<string>
  color: Generated<string>
  change: number
  stock_after: number
  reason: StockMovementReason
  order_id: string | null
  /** The admin who made it; null for the shop itself. */
  actor_id: string | null
  note: Generated<string>
  created_at: CreatedAt
}

/** An address waiting to hear that a sold-out shelf has stock again; deleted once its mail is queued. */
export interface StockAlertsTable {
  id: Generated<number>
  product_id: string
  variety_name: Generated<string>
  option2: Generated<string>
  color: Generated<string>
  email: string
  created_at: CreatedAt
}

/** A day the studio does not work (ADR 070); Sundays are closed without a row. */
export interface StudioHolidaysTable {
  day: string
  note: Generated<string>
}

/** The studio's one row of dispatch settings (id 1): working days a ready-to-ship piece takes to leave. */
export interface DispatchSettingsTable {
  id: number
  handling_days: number
}

/** The owner's delivery rate of a zone (issue 30): a zone without a row uses the default. */
export interface DeliveryRatesTable {
  zone: string
  first_slab_paise: number
  extra_slab_paise: number
  transit_days: number
}

/** The one row (id 1) of delivery settings: where parcels leave from. */
export interface DeliverySettingsTable {
  id: number
  ship_from_pincode: string
}

export interface DiscountCodesTable {
  id: string
  /** In capitals: codes are case-insensitive. */
  code: string
  kind: DiscountKind
  /** Whole percent (1-100) or paise. */
  value: number
  min_order_paise: Generated<number>
  /** India days (YYYY-MM-DD), both included; null for no limit. */
  starts_on: string | null
  ends_on: string | null
  max_uses: number | null
  max_uses_per_user: number | null
  /** A variants code (ADR 084) is kept as 'products', its variants in scope_variants. */
  scope: Generated<Exclude<DiscountScope, 'variants'>>
  /** JSON list of category or product ids ('[]' for the whole shop). */
  scope_items: Generated<string>
  /** JSON [{productId, variety, option2, color}]: the variants a code is for ('[]': not a variants code; ADR 084). */
  scope_variants: Generated<string>
  first_order_only: Generated<number>
  paused: Generated<number>
  created_at: CreatedAt
  updated_at: Generated<string>
}

/** An automatic offer (ADR 078): a percentage off a scope, or free delivery over an amount, between two moments. */
export interface OffersTable {
  id: string
  name: string
  kind: OfferKind
  /** Whole percent 1-90 (percent_off), 0 for free_delivery. */
  percent: Generated<number>
  /** Free delivery from this (discounted) subtotal; 0 for percent_off. */
  min_order_paise: Generated<number>
  scope: Generated<OfferScope>
  /** JSON list of category ids or product ids ('[]' for the whole shop). */
  scope_items: Generated<string>
  /** ISO moments: from starts_at (included) to ends_at (excluded). */
  starts_at: string
  ends_at: string
  paused: Generated<number>
  /** 1: a discount code applies on top of it; 0: the shopper gets the better of the two. */
  stackable: Generated<number>
  created_at: CreatedAt
  updated_at: Generated<string>
}

/** An automatic offer that took something off an order (ADR 084): written once, when the order is placed. */
export interface OrderOffersTable {
  order_id: string
  offer_id: string
  /** What it took off: the lines' offer savings, or the delivery fee it waived. */
  amount_paise: Generated<number>
}

/** One version of a policy page (ADR 081): never changed; the newest of its slug is shown. */
export interface PolicyVersionsTable {
  id: Generated<number>
  slug: PolicySlug
  body: string
  /** The version this one restored; null for one written in the editor. */
  restored_from: number | null
  /** The admin who saved it; null once that account is gone. */
  created_by: string | null
  created_at: CreatedAt
}

/** A complaint (ADR 089): ticket RC-<year>-<id>; personal fields become placeholders when its sender's account is erased. */
export interface ComplaintsTable {
  id: Generated<number>
  user_id: string | null
  name: string
  email: string
  phone: Generated<string>
  order_id: string | null
  message: string
  status: Generated<ComplaintStatus>
  /** The admin's resolution note, mailed to the complainant; '' until resolved. */
  resolution: Generated<string>
  created_at: CreatedAt
  updated_at: Generated<string>
  resolved_at: string | null
}

/** A consent given (1) or withdrawn (0); only added, the newest row of a purpose is her choice (ADR 089). */
export interface ConsentsTable {
  id: Generated<number>
  user_id: string
  purpose: ConsentPurpose
  given: number
  created_at: CreatedAt
}

/** A parcel booked for an order (issue 30, ADR 086): the intent first ('booking'), then the aggregator's ids and AWB. */
export interface ShipmentsTable {
  order_id: string
  provider: string
  status: ShipmentStatus
  provider_order_id: string | null
  provider_shipment_id: string | null
  courier_name: string | null
  awb: string | null
  tracking_url: string | null
  /** India day (YYYY-MM-DD) the courier expects to deliver. */
  expected_delivery: string | null
  attempts: Generated<number>
  last_error: string | null
  booked_by: string | null
  booked_at: string | null
  next_poll_at: string | null
  claimed_by: string | null
  claimed_until: string | null
  created_at: CreatedAt
  updated_at: Generated<string>
}

/** One tracking scan of a parcel, kept once per order and scan key. */
export interface ShipmentEventsTable {
  id: Generated<number>
  order_id: string
  event_key: string
  status: ShipmentStatus
  activity: string
  location: Generated<string>
  scanned_at: string
  source: 'webhook' | 'poll' | 'booking'
  received_at: CreatedAt
}

/** A courier pickup of an approved return (ADR 104): the intent first ('booking'), then the aggregator's ids and AWB. */
export interface ReturnPickupsTable {
  return_id: string
  order_id: string
  provider: string
  status: ReturnPickupStatus
  provider_order_id: string | null
  provider_shipment_id: string | null
  courier_name: string | null
  awb: string | null
  tracking_url: string | null
  attempts: Generated<number>
  last_error: string | null
  booked_at: string | null
  next_poll_at: string | null
  created_at: CreatedAt
  updated_at: Generated<string>
}

/** One tracking scan of a return pickup, kept once per return and scan key. */
export interface ReturnPickupEventsTable {
  id: Generated<number>
  return_id: string
  event_key: string
  status: string
  activity: string
  location: Generated<string>
  scanned_at: string
  source: 'webhook' | 'poll'
  received_at: CreatedAt
}

/** A failed delivery attempt (NDR) and the owner's answer to it (ADR 102). */
export interface ParcelNdrsTable {
  id: string
  order_id: string
  /** The scan's key (shipment_events.event_key): one row per reported attempt. */
  event_key: string
  /** 1, 2, ... within the order. */
  attempt: number
  /** The courier's words: "Customer not available", "Address incomplete", ... */
  reason: string
  scanned_at: string
  action: 'reattempt' | 'return' | null
  /** open: no answer yet; sending: recorded, the aggregator being asked; sent: it took it. */
  action_state: Generated<'open' | 'sending' | 'sent'>
  action_phone: Generated<string>
  action_address: Generated<string>
  action_landmark: Generated<string>
  action_comment: Generated<string>
  action_by: string | null
  action_at: string | null
  attempts: Generated<number>
  /** While a tap asks the aggregator: a second tap does not ask again before this moment. */
  claimed_until: string | null
  last_error: string | null
  created_at: CreatedAt
  updated_at: Generated<string>
}

/** A parcel going back to the studio (RTO), and the owner's check of it once back (ADR 102). */
export interface ParcelRtosTable {
  order_id: string
  status: 'returning' | 'returned' | 'received'
  returned_at: string | null
  /** JSON [{line, quantity, restock}] once received. */
  received_items: Generated<string>
  received_by: string | null
  received_at: string | null
  created_at: CreatedAt
  updated_at: Generated<string>
}

export interface Database {
  users: UsersTable
  auth_sessions: AuthSessionsTable
  products: ProductsTable
  products_words_version: ProductsWordsVersionTable
  search_synonyms: SearchSynonymsTable
  product_images: ProductImagesTable
  product_colors: ProductColorsTable
  product_varieties: ProductVarietiesTable
  product_variants: ProductVariantsTable
  product_options2: ProductOptions2Table
  stock_movements: StockMovementsTable
  stock_alerts: StockAlertsTable
  studio_holidays: StudioHolidaysTable
  dispatch_settings: DispatchSettingsTable
  delivery_rates: DeliveryRatesTable
  delivery_settings: DeliverySettingsTable
  shipments: ShipmentsTable
  shipment_events: ShipmentEventsTable
  parcel_ndrs: ParcelNdrsTable
  parcel_rtos: ParcelRtosTable
  carts: CartsTable
  cart_lines: CartLinesTable
  addresses: AddressesTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  order_status_history: OrderStatusHistoryTable
  payments: PaymentsTable
  webhook_events: WebhookEventsTable
  rate_limit_counters: RateLimitCountersTable
  rate_limit_known: RateLimitKnownTable
  stored_files: StoredFilesTable
  stock_holds: StockHoldsTable
  refunds: RefundsTable
  partial_refunds: PartialRefundsTable
  return_settings: ReturnSettingsTable
  returns: ReturnsTable
  return_photos: ReturnPhotosTable
  return_exchanges: ReturnExchangesTable
  return_pickups: ReturnPickupsTable
  return_pickup_events: ReturnPickupEventsTable
  reviews: ReviewsTable
  feature_images: FeatureImagesTable
  document_counters: DocumentCountersTable
  invoices: InvoicesTable
  mail_outbox: MailOutboxTable
  password_resets: PasswordResetsTable
  custom_requests: CustomRequestsTable
  custom_request_photos: CustomRequestPhotosTable
  custom_payment_links: CustomPaymentLinksTable
  custom_quote_link_uses: CustomQuoteLinkUsesTable
  discount_codes: DiscountCodesTable
  offers: OffersTable
  order_offers: OrderOffersTable
  policy_versions: PolicyVersionsTable
  complaints: ComplaintsTable
  consents: ConsentsTable
  erased_files: ErasedFilesTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Product = Selectable<ProductsTable>
export type NewProduct = Insertable<ProductsTable>
export type ProductUpdate = Updateable<ProductsTable>
export type Address = Selectable<AddressesTable>
export type NewAddress = Insertable<AddressesTable>
export type Order = Selectable<OrdersTable>
export type NewOrder = Insertable<OrdersTable>
export type FeatureImage = Selectable<FeatureImagesTable>
