// The home page's banners (the spec's feature images), in their display order: their words, a link
// inside the shop, a schedule, and the owner's order (ADR 074). Any number are kept; the home page
// shows the live ones.
import type { DB } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import { BANNER_MESSAGES, checkBannerLink } from '~/lib/banners'
import type { BannerDetails } from '~/schemas/banner'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'

export type { BannerDetails }

export interface BannerItem extends BannerDetails {
  id: string
  image: string
  position: number
}

const NO_DETAILS: BannerDetails = { headline: '', subline: '', buttonText: '', link: '', startsAt: null, endsAt: null }

function banners(db: DB) {
  return db
    .selectFrom('feature_images')
    .select(['id', 'image', 'position', 'headline', 'subline', 'button_text as buttonText', 'link', 'starts_at as startsAt', 'ends_at as endsAt'])
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
}

/** Every banner, live or not, in the owner's order (the admin page, the /api). */
export async function listBanners(db: DB): Promise<BannerItem[]> {
  return banners(db).execute()
}

/** The banners showing at `now`, in order: started (or no start) and not yet ended. */
export async function liveBanners(db: DB, now: Date = clock.now()): Promise<BannerItem[]> {
  const at = now.toISOString()
  return banners(db)
    .where((eb) => eb.and([eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]), eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)])]))
    .execute()
}

/** Whether a banner starts or ends in (from, to]: the home page shows other banners after `to` than at `from`. */
export async function bannerScheduleTurned(db: DB, from: Date, to: Date): Promise<boolean> {
  const [after, until] = [from.toISOString(), to.toISOString()]
  const row = await db
    .selectFrom('feature_images')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('starts_at', '>', after), eb('starts_at', '<=', until)]), eb.and([eb('ends_at', '>', after), eb('ends_at', '<=', until)])]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** The link normalised, or Invalid: inside the shop, to a product that exists, and a button with both text and link. */
export async function checkBannerDetails(db: DB, details: BannerDetails): Promise<BannerDetails> {
  const errors: Record<string, string[]> = {}
  let link = ''
  if (details.link) {
    const checked = checkBannerLink(details.link)
    if (!checked) errors.link = [BANNER_MESSAGES.link]
    else if (checked.productId && !(await db.selectFrom('products').select('id').where('id', '=', checked.productId).executeTakeFirst())) {
      errors.link = [BANNER_MESSAGES.linkNoProduct]
    } else link = checked.path
  }
  if (details.link && !details.buttonText) errors.buttonText = [BANNER_MESSAGES.linkWithoutButton]
  if (details.buttonText && !details.link) errors.link ??= [BANNER_MESSAGES.buttonWithoutLink]
  if (details.startsAt && details.endsAt && details.endsAt <= details.startsAt) errors.endsAt = [BANNER_MESSAGES.endsBeforeStart]
  if (Object.keys(errors).length) throw new Invalid(errors)
  return { ...details, link }
}

function columnsOf(details: BannerDetails) {
  return {
    headline: details.headline,
    subline: details.subline,
    button_text: details.buttonText,
    link: details.link,
    starts_at: details.startsAt,
    ends_at: details.endsAt,
  }
}

/** Adds a banner at the end of the order (the spec's feature add gives only its picture). */
export async function addBanner(db: DB, image: string, details: BannerDetails = NO_DETAILS): Promise<BannerItem> {
  const checked = await checkBannerDetails(db, details)
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('feature_images')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst()
    const row = { id: newId(), image, position: Number(last?.position ?? -1) + 1 }
    await trx
      .insertInto('feature_images')
      .values({ ...row, ...columnsOf(checked) })
      .execute()
    return { ...row, ...checked }
  })
}

/** Changes a banner's words, link and schedule (its picture and place stay). */
export async function updateBanner(db: DB, id: string, details: BannerDetails): Promise<void> {
  const checked = await checkBannerDetails(db, details)
  const result = await db.updateTable('feature_images').set(columnsOf(checked)).where('id', '=', id).executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) throw new NotFound(BANNER_MESSAGES.notFound)
}

/** Puts the banners in this order: `ids` must name every banner once (else nothing moves). */
export async function reorderBanners(db: DB, ids: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = (await trx.selectFrom('feature_images').select('id').execute()).map((row) => row.id)
    const wanted = new Set(ids)
    if (wanted.size !== ids.length || ids.length !== existing.length || !existing.every((id) => wanted.has(id))) {
      throw new Invalid({ order: [BANNER_MESSAGES.reorder] })
    }
    for (const [position, id] of ids.entries()) {
      await trx.updateTable('feature_images').set({ position }).where('id', '=', id).execute()
    }
  })
}

/** Moves a banner one place up (earlier) or down; at either end it stays. */
export async function moveBanner(db: DB, id: string, direction: 'up' | 'down'): Promise<void> {
  const order = (await listBanners(db)).map((banner) => banner.id)
  const at = order.indexOf(id)
  if (at === -1) throw new NotFound(BANNER_MESSAGES.notFound)
  const to = direction === 'up' ? at - 1 : at + 1
  if (to < 0 || to >= order.length) return
  ;[order[at], order[to]] = [order[to] as string, id]
  await reorderBanners(db, order)
}

export async function deleteBanner(db: DB, id: string): Promise<void> {
  const result = await db.deleteFrom('feature_images').where('id', '=', id).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) throw new NotFound(BANNER_MESSAGES.notFound)
}
