// The catalogue's words for forgiving search: a word index (FTS5 unicode61, contentless) over the title,
// description and category of live products, which finds a shopper's words in any order; its vocabulary
// (fts5vocab) that typos are matched against; and a version the same triggers bump, so a process can
// cache the vocabulary until products change. The whole keyword still goes through the trigram index.
// On PostgreSQL (docs/decisions/036): a GIN index on the same text as a 'simple' tsvector (and one on
// the title alone) finds words by prefix; the vocabulary is read with ts_stat; a statement trigger
// bumps the same version table.
import { type Kysely, sql } from 'kysely'
import { dialectOf, postgresWordsVector } from '../db/dialect'

/** The category's id and label, as the trigram index has them. */
const categoryText = (column: string) =>
  sql.raw(`${column} || ' ' || (case ${column}
    when 'jewellery' then 'Jewellery'
    when 'home-decor' then 'Home Decor'
    when 'gifting-memories' then 'Gifting & Memories'
    when 'special-occasion' then 'Special Occasion'
    else '' end)`)

const bumpVersion = sql.raw('update products_words_version set version = version + 1;')

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') return upPostgres(db)
  // remove_diacritics 0: a vocabulary word is spelled as in the text, so the trigram index finds it.
  // detail = column: words and column filters (title hits) are queried, never positions.
  await sql`create virtual table products_words using fts5(
    title, description, category, content = '', contentless_delete = 1, detail = column,
    tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db)
  await sql`create virtual table products_words_vocab using fts5vocab(products_words, 'row')`.execute(db)
  await sql`create table products_words_version (
    id integer primary key check (id = 1),
    version integer not null
  )`.execute(db)
  await sql`insert into products_words_version (id, version) values (1, 1)`.execute(db)
  await sql`insert into products_words (rowid, title, description, category)
    select rowid, title, description, ${categoryText('category')} from products where deleted_at is null`.execute(db)
  await sql`create trigger products_words_insert after insert on products when new.deleted_at is null begin
    insert into products_words (rowid, title, description, category)
    values (new.rowid, new.title, new.description, ${categoryText('new.category')});
    ${bumpVersion}
  end`.execute(db)
  await sql`create trigger products_words_delete after delete on products begin
    delete from products_words where rowid = old.rowid;
    ${bumpVersion}
  end`.execute(db)
  // Deleted products leave the vocabulary, so a typo is never corrected to a word no shopper can find.
  await sql`create trigger products_words_update after update of title, description, category, deleted_at on products begin
    delete from products_words where rowid = old.rowid;
    insert into products_words (rowid, title, description, category)
    select new.rowid, new.title, new.description, ${categoryText('new.category')} where new.deleted_at is null;
    ${bumpVersion}
  end`.execute(db)
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create index products_words_all on products using gin (${postgresWordsVector('all')}) where deleted_at is null`.execute(db)
  await sql`create index products_words_title on products using gin (${postgresWordsVector('title')}) where deleted_at is null`.execute(db)
  await sql`create table products_words_version (
    id integer primary key check (id = 1),
    version integer not null
  )`.execute(db)
  await sql`insert into products_words_version (id, version) values (1, 1)`.execute(db)
  await sql`create function products_words_bump() returns trigger language plpgsql as $$
    begin update products_words_version set version = version + 1; return null; end $$`.execute(db)
  await sql`create trigger products_words_change after insert or delete or update of title, description, category, deleted_at
    on products for each statement execute function products_words_bump()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger products_words_change on products`.execute(db)
    await sql`drop function products_words_bump`.execute(db)
    await sql`drop table products_words_version`.execute(db)
    await sql`drop index products_words_all`.execute(db)
    await sql`drop index products_words_title`.execute(db)
    return
  }
  for (const trigger of ['products_words_insert', 'products_words_delete', 'products_words_update']) {
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db)
  }
  await sql`drop table products_words_version`.execute(db)
  await sql`drop table products_words_vocab`.execute(db)
  await sql`drop table products_words`.execute(db)
}
