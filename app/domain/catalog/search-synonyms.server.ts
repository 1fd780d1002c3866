// Search synonyms: the owner's lines kept in the database, and the expansion of a search's words with
// them and the shop's default list (app/lib/search-synonyms.ts; docs/decisions/063-search-synonyms.md).
// Read afresh on every search (one lookup by primary key for the keyword's few words), so an edit
// takes effect at once in every process; the page cache drops kept pages on the write itself.
import type { DB } from '../../../db/database'
import { Invalid } from '~/domain/errors'
import { DEFAULT_SYNONYMS, parseSynonymLines, type SynonymLine, termsOfWord } from '~/lib/search-synonyms'

const DEFAULTS = new Map(DEFAULT_SYNONYMS.map((line) => [line.term, line.expandsTo]))

const toLine = (row: { term: string; expands_to: string }): SynonymLine => ({
  term: row.term,
  expandsTo: row.expands_to.split(',').filter((w) => w !== ''),
})

/** The owner's lines, by term. */
export async function listOwnSynonyms(db: DB): Promise<SynonymLine[]> {
  const rows = await db.selectFrom('search_synonyms').select(['term', 'expands_to']).orderBy('term').execute()
  return rows.map(toLine)
}

/**
 * Replaces the owner's lines with the box's (`term = word, word` a line). A box with any problem
 * changes nothing and throws Invalid on `synonyms`, one message a problem line.
 */
export async function saveOwnSynonyms(db: DB, text: string): Promise<SynonymLine[]> {
  const parsed = parseSynonymLines(text)
  if (!parsed.ok) throw new Invalid({ synonyms: parsed.problems })
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_synonyms').execute()
    if (parsed.lines.length) {
      await trx
        .insertInto('search_synonyms')
        .values(parsed.lines.map((line) => ({ term: line.term, expands_to: line.expandsTo.join(',') })))
        .execute()
    }
  })
  return parsed.lines
}

/**
 * For each of a search's words, the other catalogue words it stands for: the owner's line for the word
 * (or the word without its plural ending) if she has one, else the default list's; none when neither
 * names it. Words are lowercased already (product-search's parseKeyword).
 */
export async function expandWords(db: DB, words: string[]): Promise<string[][]> {
  if (words.length === 0) return []
  const candidates = [...new Set(words.flatMap(termsOfWord))]
  const rows = await db.selectFrom('search_synonyms').select(['term', 'expands_to']).where('term', 'in', candidates).execute()
  const own = new Map(rows.map((row) => [row.term, toLine(row).expandsTo]))
  return words.map((word) => {
    const expansions = termsOfWord(word).flatMap((term) => own.get(term) ?? DEFAULTS.get(term) ?? [])
    return [...new Set(expansions)].filter((w) => w !== word)
  })
}
