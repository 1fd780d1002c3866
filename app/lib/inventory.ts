// The inventory's vocabulary, shared by the admin pages, the domain and db/schema.ts (issue 27, ADR 064).

/** Why a shelf stock changed: the stock history's reasons, in the words the admin reads. */
export const STOCK_MOVEMENT_LABELS = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  refund: 'Refund',
  'admin-edit': 'Inventory edit',
  'product-form': 'Product form',
  import: 'CSV import',
} as const

export type StockMovementReason = keyof typeof STOCK_MOVEMENT_LABELS

/** Stock on one shelf: a whole number from 0 to this (the product form's limit too). */
export const MAX_STOCK = 100_000

/** Rows on one page of the inventory. */
export const INVENTORY_PAGE_SIZE = 50

/** "Sold in 30 days": the window the inventory counts sales over. */
export const SOLD_WINDOW_DAYS = 30
