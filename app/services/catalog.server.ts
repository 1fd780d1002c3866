// The catalogue as shoppers see it: product cards, filtered, sorted and paginated on the server.
import { sql } from 'kysely'
import type { DB } from '../../db/database'
import type { Category } from '../../db/schema'

export const SORT_OPTIONS = ['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa'] as const
export type SortOption = (typeof SORT_OPTIONS)[number]

export interface ProductCardData {
  id: string
  title: string
  category: Category
  pricePaise: number
  salePricePaise: number
  totalStock: number
  image: string | null
}

const effectivePrice = sql<number>`case when p.sale_price_paise > 0 then p.sale_price_paise else p.price_paise end`

export async function listProductCards(
  db: DB,
  options: { categories?: Category[]; sort?: SortOption; limit: number; offset?: number },
): Promise<{ items: ProductCardData[]; total: number }> {
  let query = db.selectFrom('products as p').where('p.deleted_at', 'is', null)
  if (options.categories?.length) query = query.where('p.category', 'in', options.categories)

  const sort = options.sort ?? 'price-lowtohigh'
  const ordered = query
    .select((eb) => [
      'p.id',
      'p.title',
      'p.category',
      'p.price_paise',
      'p.sale_price_paise',
      'p.total_stock',
      eb
        .selectFrom('product_images as i')
        .select('i.url')
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
    ])
    .orderBy(sort.startsWith('price') ? effectivePrice : sql`p.title collate nocase`, sort.endsWith('hightolow') || sort === 'title-ztoa' ? 'desc' : 'asc')
    .orderBy('p.id')
    .limit(options.limit)
    .offset(options.offset ?? 0)

  const [rows, count] = await Promise.all([
    ordered.execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    total: Number(count.total),
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      pricePaise: r.price_paise,
      salePricePaise: r.sale_price_paise,
      totalStock: r.total_stock,
      image: r.image,
    })),
  }
}
