// Forgiving product search: which live products match what a shopper typed, best first. The only module
// that knows how matching is done (SQLite FTS5: a trigram index for the whole keyword, a word index for
// its words; PostgreSQL: ILIKE over pg_trgm indexes for the keyword, a 'simple' tsvector for its words,
// docs/decisions/036-postgresql.md), so both answer the same contract. A word's synonyms ("jhumka":
// earrings) are matched as the word's alternatives on both (search-synonyms.server.ts, ADR 063).
// See docs/decisions/025-forgiving-search.md.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { dialectOf, postgresCategoryText, postgresWordsVector } from '../../../db/dialect'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'
import { expandWords } from './search-synonyms.server'

/** Words after the first this many are ignored: each costs an index lookup. */
export const MAX_SEARCH_WORDS = 8
/** Words shorter than this count only inside the whole keyword (the trigram index needs 3 characters). */
export const MIN_WORD_LENGTH = 3
/** Longer words are not corrected (no catalogue word is that long; it bounds the work per word). */
export const MAX_CORRECTED_WORD_LENGTH = 24
/** Trigram similarity a catalogue word needs to stand in for a mistyped one (pg_trgm's default). */
export const TYPO_SIMILARITY = 0.3
/** At most this many catalogue words stand in for one mistyped word. */
export const MAX_CORRECTIONS = 5
/** At most this many catalogue words are compared against (the demo shop has about 370). */
export const MAX_VOCABULARY = 20_000
/**
 * At most this many products are taken from each index lookup, so a common word in a huge catalogue
 * costs a bounded amount; a shop of fewer products is ranked over every match.
 */
export const MAX_CANDIDATES = 2_000

/**
 * The price a shopper pays, in SQL (lib/pricing's unitPricePaise): the sale price when above 0,
 * else the price. `table` qualifies the columns (`p`); without it they are bare. The listing's
 * price filter and sort and both search orders use this one expression.
 */
export function effectivePriceSql(table?: string) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  return sql<number>`(case when ${column('sale_price_paise')} > 0 then ${column('sale_price_paise')} else ${column('price_paise')} end)`
}

/** Words a shopper adds that say nothing about the product ("necklace for mom"). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'any', 'are', 'as', 'at', 'by', 'for', 'from', 'her', 'him', 'his', 'i', 'in', 'is',
  'it', 'me', 'my', 'of', 'on', 'or', 'our', 'so', 'some', 'that', 'the', 'their', 'them', 'this', 'to',
  'with', 'you', 'your',
])

export interface SearchTerms {
  /** The keyword trimmed and cut to MAX_KEYWORD_LENGTH, matched as one literal string. */
  phrase: string
  /** Its distinct words, lowercased, without stop words or words under MIN_WORD_LENGTH, at most MAX_SEARCH_WORDS. */
  words: string[]
}

/** Splits a keyword into what is matched; every character is literal (no operator has a meaning). */
export function parseKeyword(keyword: string): SearchTerms {
  const phrase = keyword.trim().slice(0, MAX_KEYWORD_LENGTH).trim()
  const words: string[] = []
  // Letters and digits only, as FTS5's unicode61 tokenizer splits (it splits at combining marks too).
  for (const [word] of phrase.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (word.length < MIN_WORD_LENGTH || STOP_WORDS.has(word) || words.includes(word)) continue
    words.push(word)
    if (words.length === MAX_SEARCH_WORDS) break
  }
  return { phrase, words }
}

/** A word's trigrams as pg_trgm counts them: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3))
  return grams
}

/** pg_trgm's similarity: shared trigrams over all distinct trigrams of both words (0 to 1). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0
  for (const gram of a) if (b.has(gram)) shared++
  return shared / (a.size + b.size - shared)
}

export interface Vocabulary {
  /** Sorted, so prefixes are found by binary search. */
  terms: string[]
  /** Each term's trigrams, in the same order. */
  grams: Set<string>[]
}

export function buildVocabulary(words: Iterable<string>): Vocabulary {
  const terms = [...new Set(words)].sort()
  return { terms, grams: terms.map(trigrams) }
}

/** Whether some catalogue word starts with `word` (then it is no typo: the shopper may still be typing). */
function startsSomeTerm({ terms }: Vocabulary, word: string): boolean {
  let low = 0
  let high = terms.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((terms[middle] ?? '') < word) low = middle + 1
    else high = middle
  }
  return terms[low]?.startsWith(word) ?? false
}

/**
 * The catalogue words that may be meant by `word`: none when some catalogue word starts with it (so a
 * correctly spelt word is never widened to lookalikes), else the closest by trigram similarity.
 */
export function correctTypo(vocabulary: Vocabulary, word: string): string[] {
  if (word.length > MAX_CORRECTED_WORD_LENGTH || startsSomeTerm(vocabulary, word)) return []
  const grams = trigrams(word)
  const scored: { term: string; score: number }[] = []
  vocabulary.grams.forEach((termGrams, i) => {
    // Similarity can never exceed the smaller trigram count over the larger one: skip without counting.
    if (Math.min(grams.size, termGrams.size) / Math.max(grams.size, termGrams.size) < TYPO_SIMILARITY) return
    const score = trigramSimilarity(grams, termGrams)
    if (score >= TYPO_SIMILARITY) scored.push({ term: vocabulary.terms[i] ?? '', score })
  })
  return scored
    .sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1))
    .slice(0, MAX_CORRECTIONS)
    .map((s) => s.term)
}

const vocabularies = new WeakMap<DB, Vocabulary & { version: number }>()

/** The live catalogue's words, read again only when a product's text has changed since the last read. */
async function loadVocabulary(db: DB): Promise<Vocabulary> {
  const current = await db.selectFrom('products_words_version').select('version').executeTakeFirst()
  const version = current?.version ?? 0
  const cached = vocabularies.get(db)
  if (cached?.version === version) return cached
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{ term: string }>`select word as term from ts_stat(${`select ${postgresWordsVector('all').compile(db).sql} from products where deleted_at is null`})
          where length(word) >= ${MIN_WORD_LENGTH} limit ${MAX_VOCABULARY}`.execute(db)
      : await sql<{ term: string }>`select term from products_words_vocab
          where length(term) >= ${MIN_WORD_LENGTH} limit ${MAX_VOCABULARY}`.execute(db)
  const vocabulary = { version, ...buildVocabulary(rows.rows.map((r) => r.term)) }
  vocabularies.set(db, vocabulary)
  return vocabulary
}

/** A string as one quoted FTS5 phrase: every character literal (quotes doubled). */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

/** Escapes LIKE's wildcards so a string is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** An FTS5 query for products with a word starting with one of `words` (alphanumeric, quoted anyway). */
const anyWordStartingWith = (words: string[]) => `(${words.map((w) => `${ftsPhrase(w)}*`).join(' OR ')})`

const categoryText = sql`(p.category || ' ' || case p.category
  when 'jewellery' then 'Jewellery' when 'home-decor' then 'Home Decor'
  when 'gifting-memories' then 'Gifting & Memories' when 'special-occasion' then 'Special Occasion' else '' end)`

type Fragment = ReturnType<typeof sql>

/**
 * The contract: ids of live (not deleted) products whose title, description or category matches
 * `keyword`, best first, at most `limit`. Matching is case-insensitive and literal: no character of the
 * keyword is an operator. A product matches when it contains the whole keyword, or has a word starting
 * with one of the keyword's words (stop words and words under 3 characters aside) or one of its synonyms
 * ("jhumka" -> "earrings", expandWords), or, for a word without synonyms that no catalogue word starts
 * with, a word within trigram similarity 0.3 of it ("earing" -> "earrings").
 * Order: most words matched; the whole keyword in the title; most words (or their corrections) in the
 * title; the whole keyword anywhere; then the lower effective price. Work is bounded whatever the
 * keyword: MAX_KEYWORD_LENGTH, MAX_SEARCH_WORDS, MAX_VOCABULARY, and MAX_CANDIDATES per index lookup.
 */
export async function matchProducts(db: DB, keyword: string, limit: number): Promise<string[]> {
  const { phrase, words } = parseKeyword(keyword)
  if (!phrase) return []
  const vocabulary = words.length ? await loadVocabulary(db) : null
  const synonyms = await expandWords(db, words)
  // A word with synonyms is a known word: it finds its synonyms' products, and is never taken for a typo.
  const alternatives = words.map((word, i) => {
    const also = synonyms[i] ?? []
    return [word, ...(also.length ? also : vocabulary ? correctTypo(vocabulary, word) : [])]
  })
  if (dialectOf(db) === 'postgres') return matchOnPostgres(db, phrase, alternatives, limit)

  // One branch per index lookup, each run once and capped; a branch sets its own flag: ph (the whole
  // keyword), w<i> (word i, as typed or corrected), t<i> (the same in the title). Grouping by product
  // keeps every flag it earned.
  const flags = ['ph', ...words.flatMap((_, i) => [`w${i}`, `t${i}`])]
  const row = (flag: string) => sql.join(flags.map((f) => sql`${sql.lit(f === flag ? 1 : 0)} as ${sql.ref(f)}`))
  const capped = (query: Fragment) => sql`select * from (${query} limit ${MAX_CANDIDATES})`
  const pattern = likePattern(phrase)
  const branches: Fragment[] = [
    capped(
      // The trigram index answers 3+ characters; shorter keywords scan (rare: live search needs 4+).
      phrase.length >= MIN_WORD_LENGTH
        ? sql`select rowid, ${row('ph')} from products_search where products_search match ${ftsPhrase(phrase)}`
        : sql`select rowid, ${row('ph')} from products p where p.title like ${pattern} escape '\\'
            or p.description like ${pattern} escape '\\' or ${categoryText} like ${pattern} escape '\\'`,
    ),
  ]
  alternatives.forEach((options, i) => {
    const query = anyWordStartingWith(options)
    branches.push(capped(sql`select rowid, ${row(`w${i}`)} from products_words where products_words match ${query}`))
    branches.push(capped(sql`select rowid, ${row(`t${i}`)} from products_words where products_words match ${`title : ${query}`}`))
  })
  const flag = (f: string) => sql.ref(`m.${f}`)
  const sum = (parts: Fragment[]) => sql`${sql.join(parts, sql` + `)} desc`
  const order: Fragment[] = [
    ...(words.length ? [sum(words.map((_, i) => flag(`w${i}`)))] : []),
    sql`(case when p.title like ${pattern} escape '\\' then 1 else 0 end) desc`,
    ...(words.length ? [sum(words.map((_, i) => flag(`t${i}`)))] : []),
    // After the words: a typo ("earing") is often inside some other word ("wearing").
    sql`${flag('ph')} desc`,
    effectivePriceSql('p'),
    sql`p.id`,
  ]
  const rows = await sql<{ id: string }>`
    with hits as (${sql.join(branches, sql` union all `)}),
    m as (select rowid, ${sql.join(flags.map((f) => sql`max(${sql.ref(f)}) as ${sql.ref(f)}`))} from hits group by rowid)
    select p.id from m join products p on p.rowid = m.rowid
    where p.deleted_at is null
    order by ${sql.join(order)}
    limit ${limit}`.execute(db)
  return rows.rows.map((r) => r.id)
}

/** A tsquery for a word starting with one of `words` (each quoted: no character is an operator). */
const postgresPrefixQuery = (words: string[]) =>
  sql`to_tsquery('simple'::regconfig, ${words.map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' | ')})`

/**
 * matchProducts on PostgreSQL, the same contract and order: the whole keyword by ILIKE (pg_trgm GIN
 * indexes on title and description), words by prefix in the 'simple' tsvectors the migration indexes
 * (columns unqualified, so the expressions are the indexed ones).
 */
async function matchOnPostgres(db: DB, phrase: string, alternatives: string[][], limit: number): Promise<string[]> {
  const pattern = likePattern(phrase)
  const inPhrase = sql`(title ilike ${pattern} or description ilike ${pattern} or ${postgresCategoryText} ilike ${pattern})`
  const queries = alternatives.map(postgresPrefixQuery)
  const all = postgresWordsVector('all')
  const title = postgresWordsVector('title')
  const word = (i: number) => sql`(${all} @@ ${queries[i]})::int`
  const inTitle = (i: number) => sql`(${title} @@ ${queries[i]})::int`
  const sum = (parts: Fragment[]) => sql`(${sql.join(parts, sql` + `)}) desc`
  const indexes = alternatives.map((_, i) => i)
  const order: Fragment[] = [
    ...(indexes.length ? [sum(indexes.map(word))] : []),
    sql`(title ilike ${pattern})::int desc`,
    ...(indexes.length ? [sum(indexes.map(inTitle))] : []),
    sql`${inPhrase}::int desc`,
    effectivePriceSql(),
    sql`id`,
  ]
  const anyWord = indexes.length ? sql` or ${all} @@ (${sql.join(queries, sql` || `)})` : sql``
  const rows = await sql<{ id: string }>`
    select id from products
    where deleted_at is null and (${inPhrase}${anyWord})
    order by ${sql.join(order)}
    limit ${limit}`.execute(db)
  return rows.rows.map((r) => r.id)
}
