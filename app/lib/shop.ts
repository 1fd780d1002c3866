// The shop's own name and contact when SHOP_NAME and CONTACT_* are not set: the configuration's
// defaults, and what a page or a mail shows when the configured ones are not at hand (an error page
// before the root loader ran, the domain before the server set its settings).

export const DEFAULT_SHOP_NAME = 'Resin Craft Studio'

/** How shoppers reach the studio when CONTACT_EMAIL and CONTACT_PHONE are not set (the footer, every mail). */
export const DEFAULT_CONTACT = { email: 'hello@resincraft.studio', phone: '+91 98765 43210' } as const
