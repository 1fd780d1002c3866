// Rows tests put straight into a database (users, products with their options, colours and
// images) and the uploaded-image urls the product schema accepts: one builder each, so a test
// names only what it is about.
import type { DB } from '../../db/database'
import type { Category, Role, VarietyType } from '../../db/schema'
import type { SessionUser } from '../../app/lib/user'

/** The shoppers and the owner most tests use. */
export const asha: SessionUser = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com', role: 'user' }
export const ravi: SessionUser = { id: 'u-ravi', userName: 'Ravi', email: 'ravi@example.com', role: 'user' }
export const owner: SessionUser = { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }

export interface UserFixture {
  id: string
  userName: string
  email: string
  /** 'user' unless told. */
  role?: Role
}

/** Users with a placeholder password hash (they never sign in through a form). */
export async function insertUsers(db: DB, users: UserFixture[]): Promise<void> {
  if (!users.length) return
  await db
    .insertInto('users')
    .values(users.map((u) => ({ id: u.id, user_name: u.userName, email: u.email, password_hash: 'x', role: u.role ?? 'user' })))
    .execute()
}

export interface ProductFixture {
  id: string
  /** `Resin <id>` unless told. */
  title?: string
  description?: string
  category?: Category
  /** Paise; 10,000 unless told. */
  price?: number
  /** Sale price in paise; 0 (none) unless told. */
  sale?: number
  stock?: number
  averageReview?: number
  /** Without it, the type of the first option list given ('size'), else none. */
  varietyType?: VarietyType | null
  /** Options in order, prices in paise. */
  varieties?: { name: string; price: number; sale?: number }[]
  colors?: string[]
  images?: string[]
  deleted?: boolean
}

/** Products (in the order given) with their options, colours and images at positions 0, 1, ... */
export async function insertProducts(db: DB, products: ProductFixture[]): Promise<void> {
  if (!products.length) return
  const now = new Date().toISOString()
  await db
    .insertInto('products')
    .values(
      products.map((p) => ({
        id: p.id,
        title: p.title ?? `Resin ${p.id}`,
        description: p.description ?? '',
        category: p.category ?? 'home-decor',
        price_paise: p.price ?? 10_000,
        sale_price_paise: p.sale ?? 0,
        total_stock: p.stock ?? 5,
        average_review: p.averageReview ?? 0,
        variety_type: p.varietyType !== undefined ? p.varietyType : p.varieties?.length ? 'size' : null,
        updated_at: now,
        deleted_at: p.deleted ? now : null,
      })),
    )
    .execute()
  const varieties = products.flatMap((p) =>
    (p.varieties ?? []).map((v, position) => ({ product_id: p.id, position, name: v.name, price_paise: v.price, sale_price_paise: v.sale ?? 0 })),
  )
  if (varieties.length) await db.insertInto('product_varieties').values(varieties).execute()
  const colors = products.flatMap((p) => (p.colors ?? []).map((name, position) => ({ product_id: p.id, position, name })))
  if (colors.length) await db.insertInto('product_colors').values(colors).execute()
  const images = products.flatMap((p) => (p.images ?? []).map((url, position) => ({ product_id: p.id, position, url })))
  if (images.length) await db.insertInto('product_images').values(images).execute()
}

/** An image url as the upload pipeline names it (32 hex characters, a width), which the product schema accepts. */
export const uploadUrl = (letter: string, width: 320 | 640 | 1280 = 1280) => `/uploads/${letter.repeat(32)}-${width}.webp`
