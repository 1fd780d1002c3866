// The shop's configuration: read from the environment once, validated with zod at start.
import { z } from 'zod'
import { trustProxySchema } from '~/lib/trust-proxy'
import { rupeesToPaise } from '~/lib/money'
import { GRIEVANCE_ENV_SHAPE } from '~/lib/grievance-officer'
import { INVOICE_ENV_SHAPE, parseInvoiceSettings } from '~/lib/invoice-settings'
import { MAX_LINE_QUANTITY } from '~/lib/cart'
import { DEFAULT_CONTACT, DEFAULT_SHOP_NAME } from '~/lib/shop'
import { DEFAULT_HOLD_MINUTES, DEFAULT_MAX_UNITS_PER_ORDER, DEFAULT_UNPAID_CHECKOUTS_PER_HOUR } from '~/lib/checkout-limits'

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
    .default(fallback)
    .transform((v) => v === '1' || v === 'true')

const optionalText = z.string().trim().optional()

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_PATH: z.string().min(1).default('db/shop.sqlite'),
    /** postgres://... selects PostgreSQL (docs/decisions/036); unset, the shop runs on DATABASE_PATH (SQLite). */
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' }).optional(),
    /** Worker processes `npm start` runs (node:cluster); more than 1 needs DATABASE_URL (docs/decisions/040). */
    WEB_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number of processes' })
      .int({ error: 'must be a whole number of processes' })
      .min(1, { error: 'must be 1 or more' })
      .max(64, { error: 'must be at most 64' })
      .default(1),
    UPLOADS_DIR: z.string().min(1).default('uploads'),
    BACKUP_DIR: z.string().min(1).default('backups'),
    SESSION_SECRET: z
      .string()
      .min(32, { error: 'must be at least 32 characters' })
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(8, { error: 'must be at least 8 characters' })
      .optional(),
    SEED_DEMO: flag('1'),
    /** With the demo shop, its automatic offers (ADR 078); the browser suites, which price demo pieces, start without. */
    SEED_DEMO_OFFERS: flag('1'),
    SHOP_NAME: z.string().trim().min(1).default(DEFAULT_SHOP_NAME),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    RAZORPAY_API_BASE: z.url({ error: 'must be a URL' }).optional(),
    PAYMENT_TEST_MODE: flag('0'),
    // Shiprocket's API user (ADR 082, 085, 086): with them, parcels are booked through it and, with
    // DELIVERY_PRICING=zones, priced by its rates and serviceability; without them the demo shop (or
    // SHIPPING_TEST_MODE=1) books with the TEST MODE courier, and a real shop ships by hand.
    SHIPROCKET_EMAIL: optionalText,
    SHIPROCKET_PASSWORD: optionalText,
    SHIPROCKET_API_BASE: z.url({ error: 'must be a URL' }).default('https://apiv2.shiprocket.in'),
    SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).default('Primary'),
    /** The studio's phone, the destination of a return's courier pickup (ADR 104). */
    SHIPROCKET_PICKUP_PHONE: optionalText,
    /** The token Shiprocket sends in x-api-key with each tracking webhook (its Settings > Webhooks). */
    SHIPROCKET_WEBHOOK_TOKEN: optionalText,
    SHIPPING_TEST_MODE: flag('0'),
    /** Test suites only: password hashes at a low scrypt cost (passwords.server.ts). */
    PASSWORD_TEST_COST: flag('0'),
    DELIVERY_FEE: z.coerce
      .number({ error: 'must be a number of rupees' })
      .min(0, { error: 'must be 0 or more' })
      .max(100000)
      .default(0)
      .transform(rupeesToPaise),
    /**
     * `flat`: DELIVERY_FEE on every order; `zones`: by zone and weight, the owner's slabs or Shiprocket's rates (ADR 085).
     * Unset: `zones` for the demo shop (SEED_DEMO on, which also means TEST MODE payments and courier), else `flat` (ADR 093).
     */
    DELIVERY_PRICING: z.enum(['flat', 'zones'], { error: 'must be flat or zones' }).optional(),
    COOKIE_SECURE: flag('1'),
    /** Minutes a started checkout holds its cart's stock (docs/decisions/032). */
    HOLD_MINUTES: z.coerce.number({ error: 'must be a whole number of minutes' }).int({ error: 'must be a whole number of minutes' }).min(1, { error: 'must be 1 or more' }).max(24 * 60, { error: 'must be at most 1440' }).default(DEFAULT_HOLD_MINUTES),
    /** The most units of one product a shopper, or one client address, may have in a cart or hold at checkout (docs/decisions/050). */
    MAX_UNITS_PER_ORDER: z.coerce
      .number({ error: 'must be a whole number of units' })
      .int({ error: 'must be a whole number of units' })
      .min(1, { error: 'must be 1 or more' })
      .max(MAX_LINE_QUANTITY, { error: `must be at most ${MAX_LINE_QUANTITY}` })
      .default(DEFAULT_MAX_UNITS_PER_ORDER),
    /** Unpaid checkouts a shopper may start in an hour; a client address 3 times as many (docs/decisions/050). */
    UNPAID_CHECKOUTS_PER_HOUR: z.coerce
      .number({ error: 'must be a whole number of checkouts' })
      .int({ error: 'must be a whole number of checkouts' })
      .min(1, { error: 'must be 1 or more' })
      .max(10_000, { error: 'must be at most 10000' })
      .default(DEFAULT_UNPAID_CHECKOUTS_PER_HOUR),
    AUTH_RATE_LIMIT: positiveInt(10),
    TRUST_PROXY: trustProxySchema,
    REQUEST_TIMEOUT_SECONDS: positiveInt(120),
    /** Seconds a kept page lives (server/page-cache/store.ts pageTtlMs); unset, 60 on SQLite and 5 on PostgreSQL (docs/decisions/042). */
    PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    CONTACT_EMAIL: z.string().default(DEFAULT_CONTACT.email),
    CONTACT_PHONE: z.string().default(DEFAULT_CONTACT.phone),
    INSTAGRAM_URL: z.string().default('https://instagram.com/resincraft.studio'),
    FACEBOOK_URL: z.string().default('https://facebook.com/resincraft.studio'),
    WHATSAPP_URL: z.string().default('https://wa.me/919876543210'),
    // The invoices' seller and per-category HSN and GST rate (app/lib/invoice-settings.ts, ADR 035).
    ...INVOICE_ENV_SHAPE,
    // The seller's grievance officer (app/lib/grievance-officer.ts; ADR 081).
    ...GRIEVANCE_ENV_SHAPE,
    /** Mail (ADR 034): without SMTP_URL mail goes to the admin's mailbox at /admin/mail. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    OWNER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    /** The shop's address for links in mail; defaults to http://localhost:PORT. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' })
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'more than 1 process needs PostgreSQL (DATABASE_URL): SQLite has one writer, so the one-VM shop runs one process',
      })
    }
    if (Boolean(env.SHIPROCKET_EMAIL) !== Boolean(env.SHIPROCKET_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['SHIPROCKET_PASSWORD'], message: 'SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD go together' })
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_KEY_SECRET'], message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET go together' })
    }
  })
  // The demo shop shows delivery by zone; a real shop (SEED_DEMO=0) keeps its flat fee until told (ADR 093).
  .transform((env) => ({ ...env, DELIVERY_PRICING: env.DELIVERY_PRICING ?? (env.SEED_DEMO ? ('zones' as const) : ('flat' as const)) }))

export type Config = z.infer<typeof configSchema>

/** The shop's absolute address for links in mail: PUBLIC_URL, else http://localhost:PORT. */
export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`
}

/** The sender of the shop's mail: MAIL_FROM, else the shop's name at CONTACT_EMAIL. */
export function mailFrom(config: Config): string {
  return config.MAIL_FROM ?? `"${config.SHOP_NAME.replace(/["\\]/g, '')}" <${config.CONTACT_EMAIL}>`
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses an environment; throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (e.g. `PORT=` in a .env file) means "use the default".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const result = configSchema.safeParse(present)
  if (result.success) {
    try {
      // The rules across variables (a GSTIN's state code against SELLER_STATE).
      parseInvoiceSettings(present)
    } catch (error) {
      throw new ConfigError(`Invalid configuration: ${error instanceof Error ? error.message : String(error)}`)
    }
    return result.data
  }
  const issue = result.error.issues[0]
  const name = String(issue?.path[0] ?? 'environment')
  throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'is invalid'}`)
}

let current: Config | undefined

export function getConfig(): Config {
  current ??= parseConfig(process.env)
  return current
}
