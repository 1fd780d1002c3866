// What one shopper's checkout may hold and start, by default (ADR 032, 050): the one home of these
// numbers for the configuration (HOLD_MINUTES, MAX_UNITS_PER_ORDER, UNPAID_CHECKOUTS_PER_HOUR) and
// the stock-hold rules that use them.

/** How long a started checkout holds its stock (HOLD_MINUTES). */
export const DEFAULT_HOLD_MINUTES = 15

/** The most units of one product a shopper, or one client address, may hold (MAX_UNITS_PER_ORDER). */
export const DEFAULT_MAX_UNITS_PER_ORDER = 10

/** Unpaid checkouts a shopper may start (place or retry) in an hour (UNPAID_CHECKOUTS_PER_HOUR). */
export const DEFAULT_UNPAID_CHECKOUTS_PER_HOUR = 10

/**
 * A client address (an IPv4 address, an IPv6 /64) may be a household, an office or a mobile
 * network's shared address: it may start this many shoppers' worth of unpaid checkouts.
 */
export const SHOPPERS_PER_ADDRESS = 3
