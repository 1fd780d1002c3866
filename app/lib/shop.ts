// The shop's own name when SHOP_NAME is not set: the configuration's default, and what a page or a
// mail shows when the configured name is not at hand (an error page before the root loader ran).

export const DEFAULT_SHOP_NAME = 'Resin Craft Studio'
