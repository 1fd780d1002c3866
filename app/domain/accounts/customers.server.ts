// The admin's list of shoppers (ADR 089): for answering a shopper's written request to see or delete
// her data. Newest first, searched by a part of the name or email, a page at a time.
import type { DB } from '../../../db/database'
import { readPage } from '~/domain/paging.server'

export interface CustomerSummary {
  id: string
  name: string
  email: string
  createdAt: string
  /** True once the account was deleted (only the placeholder row is left). */
  erased: boolean
}

const PAGE_SIZE = 25

export async function listCustomers(db: DB, options: { search?: string | null; page?: number } = {}) {
  const search = (options.search ?? '').trim().slice(0, 100)
  let query = db.selectFrom('users').where('role', '=', 'user')
  if (search) {
    // A % or _ typed by the admin is a wildcard: harmless in her own search.
    const like = `%${search.toLowerCase()}%`
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'like', like), eb(eb.fn('lower', ['user_name']), 'like', like)]))
  }
  const page = await readPage(query, (q) => q.select(['id', 'user_name', 'email', 'created_at']).orderBy('created_at', 'desc').orderBy('id'), {
    page: options.page,
    pageSize: PAGE_SIZE,
  })
  return {
    ...page,
    search,
    items: page.items.map(
      (row): CustomerSummary => ({ id: row.id, name: row.user_name, email: row.email, createdAt: row.created_at, erased: row.email.endsWith('@erased.invalid') }),
    ),
  }
}
