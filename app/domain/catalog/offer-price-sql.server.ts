// The automatic offers in the listing's SQL (ADR 078): the price a shopper pays with the offers
// running, for the price sort and bands, and whether an offer covers a row, for 'On sale'. The same
// rules as lib/pricing's withOffer and lib/offers' offerFor, over the products row `p`.
import { sql } from 'kysely'
import type { LiveOffers, PercentOffer } from '~/lib/offers'
import { effectivePriceSql } from './product-search.server'

/**
 * The price a shopper pays, in SQL, with the automatic offers running (ADR 078): lib/pricing's
 * withOffer over effectivePriceSql, so the listing's price filter and sort follow the prices the
 * cards show. The offers' percents are whole numbers 1-90, written into the SQL as literals.
 */
export function offerPriceSql(offers: LiveOffers) {
  const own = effectivePriceSql('p')
  if (offers.percentOff.length === 0) return own
  // The largest percent covering the category first: the first match is offerFor's.
  const ranked = [...offers.percentOff].sort((a, b) => b.percent - a.percent)
  const whens = ranked.map((o) => sql`when ${coversSql(o)} then ${sql.lit(o.percent)}`)
  const percent = sql<number>`(case ${sql.join(whens, sql` `)} else 0 end)`
  const offered = sql<number>`(p.price_paise - (cast(p.price_paise as bigint) * ${percent} * 2 + 100) / 200)`
  return sql<number>`(case when ${offered} < ${own} then ${offered} else ${own} end)`
}

/** Whether an offer covers the row `p`, in SQL (lib/offers' offerFor). */
export function coversSql(offer: PercentOffer) {
  const parts = [
    ...(offer.categories === null ? [] : [sql`p.category in (${sql.join(offer.categories)})`]),
    ...(offer.products === null ? [] : [sql`p.id in (${sql.join(offer.products)})`]),
  ]
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`1 = 1`
}

