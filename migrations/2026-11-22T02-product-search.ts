// Full-text search over products: an FTS5 trigram index (substring, case-insensitive) kept in step by triggers.
// On PostgreSQL (docs/decisions/036): pg_trgm GIN indexes on title and description answer the same
// ILIKE '%keyword%' search, kept in step by PostgreSQL itself.
import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../db/dialect'

/** What a shopper may search a product's category by: its id and its label. */
const categoryText = (column: string) =>
  sql.raw(`${column} || ' ' || (case ${column}
    when 'jewellery' then 'Jewellery'
    when 'home-decor' then 'Home Decor'
    when 'gifting-memories' then 'Gifting & Memories'
    when 'special-occasion' then 'Special Occasion'
    else '' end)`)

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql`create index products_search_title on products using gin (title gin_trgm_ops)`.execute(db)
    await sql`create index products_search_description on products using gin (description gin_trgm_ops)`.execute(db)
    return
  }
  await sql`create virtual table products_search using fts5(
    title, description, category, tokenize = 'trigram case_sensitive 0'
  )`.execute(db)
  await sql`insert into products_search (rowid, title, description, category)
    select rowid, title, description, ${categoryText('category')} from products`.execute(db)
  await sql`create trigger products_search_insert after insert on products begin
    insert into products_search (rowid, title, description, category)
    values (new.rowid, new.title, new.description, ${categoryText('new.category')});
  end`.execute(db)
  await sql`create trigger products_search_delete after delete on products begin
    delete from products_search where rowid = old.rowid;
  end`.execute(db)
  await sql`create trigger products_search_update after update of title, description, category on products begin
    delete from products_search where rowid = old.rowid;
    insert into products_search (rowid, title, description, category)
    values (new.rowid, new.title, new.description, ${categoryText('new.category')});
  end`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index products_search_title`.execute(db)
    await sql`drop index products_search_description`.execute(db)
    return
  }
  for (const trigger of ['products_search_insert', 'products_search_delete', 'products_search_update']) {
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db)
  }
  await sql`drop table products_search`.execute(db)
}
