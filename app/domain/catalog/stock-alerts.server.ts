// Back in stock (issue 27, ADR 066): a shopper or visitor leaves an address on a sold-out shelf (a
// variant, or a product's own stock); once it has stock again one mail is queued and the address is
// deleted in the same transaction, so each alert is told exactly once, whichever process sends it.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { optionLabelOf } from '~/lib/catalog'
import { choiceWords, sameVariant } from '~/lib/variants'
import { STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from '~/lib/stock-alerts'
import { backInStockMail } from '~/mail/stock-mails.server'
import { Invalid, NotFound } from '~/domain/errors'
import { enqueueMail } from '~/domain/messaging/mail-outbox.server'
import { domainSettings } from '~/domain/settings.server'
import { availableStock } from '~/domain/cart/availability.server'
import { variantAvailableSql, variantOf, variantsOf } from '~/domain/cart/variant-stock.server'

/**
 * Keeps `email` to tell when the shelf the choice (variety, color) draws on has stock again. Refused
 * while it has stock (the shopper can buy it now), for a choice the piece does not come in, and past
 * the caps on one address and one shelf. Asking twice is asking once.
 */
export async function askForStockAlert(db: DB, ask: { productId: string; variety: string; option2?: string; color: string; email: string }): Promise<void> {
  const product = await db
    .selectFrom('products as p')
    .select(['p.id', availableStock('p').as('available')])
    .where('p.id', '=', ask.productId)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!product) throw new NotFound('Product not found.')
  const variants = (await variantsOf(db, [product.id])).get(product.id) ?? []
  const shelf = variantOf(variants, { variety: ask.variety, option2: ask.option2 ?? '', color: ask.color })
  if (shelf === null) throw new Invalid({ email: [STOCK_ALERT_MESSAGES.unknownChoice] })
  const available = variants.length === 0 ? Number(product.available) : (variants.find((v) => sameVariant(v, shelf))?.available ?? 0)
  if (available > 0) throw new Invalid({ email: [STOCK_ALERT_MESSAGES.inStock] })
  const email = ask.email.trim().toLowerCase()
  const [byAddress, byShelf] = await Promise.all([
    db.selectFrom('stock_alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('email', '=', email).executeTakeFirstOrThrow(),
    db
      .selectFrom('stock_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('product_id', '=', product.id)
      .where('variety_name', '=', shelf.variety)
      .where('option2', '=', shelf.option2)
      .where('color', '=', shelf.color)
      .executeTakeFirstOrThrow(),
  ])
  if (Number(byAddress.n) >= STOCK_ALERT_LIMITS.perAddress) throw new Invalid({ email: [STOCK_ALERT_MESSAGES.tooManyForAddress] })
  if (Number(byShelf.n) >= STOCK_ALERT_LIMITS.perShelf) throw new Invalid({ email: [STOCK_ALERT_MESSAGES.tooManyForShelf] })
  await db
    .insertInto('stock_alerts')
    .values({ product_id: product.id, variety_name: shelf.variety, option2: shelf.option2, color: shelf.color, email })
    .onConflict((oc) => oc.columns(['product_id', 'variety_name', 'option2', 'color', 'email']).doNothing())
    .execute()
}

/**
 * Queues the mail of every alert whose shelf has stock again (at most `limit` a run), deleting each
 * alert with its mail in one transaction; alerts of deleted pieces or shelves are dropped unsent.
 * Answers how many mails were queued.
 */
export async function sendDueStockAlerts(db: DB, limit = 200): Promise<number> {
  // What is left of the alert's shelf; null when the shelf is gone (its variant deleted since).
  const shelfAvailable = sql<number | null>`(case when exists (select 1 from product_variants v where v.product_id = a.product_id)
    then (select ${variantAvailableSql('pv')} from product_variants pv where pv.product_id = a.product_id and pv.variety_name = a.variety_name and pv.option2 = a.option2 and pv.color = a.color)
    else ${availableStock('p')} end)`
  const due = await db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.id', 'a.product_id', 'a.variety_name', 'a.option2', 'a.color', 'a.email', 'p.title', 'p.option_label', 'p.option2_label', 'p.variety_type', 'p.deleted_at', shelfAvailable.as('available')])
    .where((eb) => eb.or([eb('p.deleted_at', 'is not', null), eb(shelfAvailable, 'is', null), eb(shelfAvailable, '>', 0)]))
    .orderBy('a.id')
    .limit(limit)
    .execute()
  let queued = 0
  for (const alert of due) {
    const gone = alert.deleted_at !== null || alert.available === null
    if (!gone && Number(alert.available) <= 0) continue
    await db.transaction().execute(async (trx) => {
      const taken = await trx.deleteFrom('stock_alerts').where('id', '=', alert.id).returning('id').executeTakeFirst()
      if (!taken || gone) return
      const mail = backInStockMail(domainSettings().mail, {
        title: alert.title,
        shelf: choiceWords(
          { option: optionLabelOf(alert.option_label, alert.variety_type), option2: alert.option2_label },
          { variety: alert.variety_name, option2: alert.option2, color: alert.color },
        ).join(', '),
        productId: alert.product_id,
      })
      if (await enqueueMail(trx, { kind: 'back-in-stock', to: alert.email, dedupeKey: `back-in-stock:${alert.id}`, ...mail })) queued += 1
    })
  }
  return queued
}
