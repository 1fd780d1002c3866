/** The statuses the admin may set (SPEC.md section 9); 'confirmed' is set by payment only. */
export const ADMIN_ORDER_STATUSES = ['pending', 'inProcess', 'inShipping', 'delivered', 'rejected'] as const
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number]

/** Every status an order can have, for the admin's filter. */
export const ALL_ORDER_STATUSES = ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected'] as const

export const ORDER_STATUS_REQUIRED = 'Please select an order status before submitting.'
