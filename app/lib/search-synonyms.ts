// Search synonyms: the names shoppers in India use for a piece ("jhumka") and the catalogue words they
// stand for ("earrings"). The shop's default list lives here; the owner's own lines (kept in the
// database, edited in the admin as `jhumka = earrings, earring`) add to it and replace a default line
// of the same term. The domain expands a search's words with them (docs/decisions/063-search-synonyms.md).

/** One line: a word a shopper types and the catalogue words it also finds. */
export interface SynonymLine {
  term: string
  expandsTo: string[]
}

export const SYNONYM_LIMITS = {
  /** Lines the owner may keep (each line is looked up by its term: the count bounds the admin page, not the search). */
  lines: 300,
  /** Words one term expands to. */
  expansions: 8,
  /** Characters in a term or an expansion word (no catalogue word is longer than the search corrects). */
  wordLength: 24,
  /** Shorter words are searched only inside the whole keyword, never as a word (product-search's MIN_WORD_LENGTH). */
  minWordLength: 3,
  /** Characters in the whole box: bounds the work before lines are counted. */
  textLength: 20_000,
} as const

export const SYNONYM_MESSAGES = {
  saved: 'Search words saved',
  tooLong: `The list can hold at most ${SYNONYM_LIMITS.textLength.toLocaleString('en-IN')} characters`,
  tooManyLines: (count: number) => `The list can hold at most ${SYNONYM_LIMITS.lines} lines (this one has ${count})`,
  format: (line: number) => `Line ${line}: write it as "term = word, word"`,
  notAWord: (line: number, word: string) => `Line ${line}: "${word}" can hold only letters and digits, one word`,
  length: (line: number, word: string) =>
    `Line ${line}: "${word}" must be ${SYNONYM_LIMITS.minWordLength} to ${SYNONYM_LIMITS.wordLength} characters`,
  noExpansions: (line: number) => `Line ${line}: name at least one word after "="`,
  tooManyExpansions: (line: number) => `Line ${line}: at most ${SYNONYM_LIMITS.expansions} words after "="`,
  duplicate: (line: number, term: string) => `Line ${line}: "${term}" is already on an earlier line`,
} as const

/** At most this many problems are reported at once: a pasted file of thousands of bad lines gets a short answer. */
export const MAX_REPORTED_PROBLEMS = 5

/** The shop's own list: Indian names for what the studio makes, and other words shoppers use for them. */
export const DEFAULT_SYNONYMS: readonly SynonymLine[] = [
  { term: 'jhumka', expandsTo: ['earrings', 'earring'] },
  { term: 'jhumki', expandsTo: ['earrings', 'earring'] },
  { term: 'bali', expandsTo: ['earrings', 'earring', 'hoops'] },
  { term: 'kada', expandsTo: ['bangle', 'bracelet'] },
  { term: 'kangan', expandsTo: ['bangle', 'bracelet'] },
  { term: 'chudi', expandsTo: ['bangle', 'bracelet'] },
  { term: 'haar', expandsTo: ['necklace', 'pendant'] },
  { term: 'mala', expandsTo: ['necklace', 'pendant'] },
  { term: 'locket', expandsTo: ['pendant'] },
  { term: 'rakhee', expandsTo: ['rakhi'] },
  { term: 'rakshabandhan', expandsTo: ['rakhi'] },
  { term: 'diya', expandsTo: ['candle', 'tealight', 'diwali'] },
  { term: 'deepak', expandsTo: ['candle', 'tealight', 'diwali'] },
  { term: 'deepawali', expandsTo: ['diwali'] },
  { term: 'toran', expandsTo: ['door', 'hanging'] },
  { term: 'bandhanwar', expandsTo: ['door', 'hanging'] },
  { term: 'bookmarker', expandsTo: ['bookmark'] },
  { term: 'urli', expandsTo: ['bowl', 'tray'] },
  { term: 'thaal', expandsTo: ['thali', 'tray'] },
  { term: 'puja', expandsTo: ['pooja'] },
  { term: 'pooja', expandsTo: ['puja'] },
  { term: 'ghadi', expandsTo: ['clock'] },
  { term: 'keyring', expandsTo: ['keychain'] },
  { term: 'chabi', expandsTo: ['keychain'] },
  { term: 'nameplate', expandsTo: ['name', 'plate'] },
  { term: 'jaimala', expandsTo: ['varmala'] },
  { term: 'shaadi', expandsTo: ['wedding', 'bridal'] },
  { term: 'vivah', expandsTo: ['wedding', 'bridal'] },
  { term: 'dulhan', expandsTo: ['bridal'] },
  { term: 'mehndi', expandsTo: ['mehendi'] },
  { term: 'housewarming', expandsTo: ['griha', 'pravesh'] },
  { term: 'tohfa', expandsTo: ['gift'] },
  { term: 'uphaar', expandsTo: ['gift'] },
]

/** A line as the admin's box shows it: `jhumka = earrings, earring`. */
export function formatSynonymLine(line: SynonymLine): string {
  return `${line.term} = ${line.expandsTo.join(', ')}`
}

const WORD = /^[\p{L}\p{N}]+$/u

/** What was wrong with a word, or null: one word of letters and digits (as search splits a keyword), 3 to 24 long. */
function wordProblem(lineNumber: number, word: string): string | null {
  if (!WORD.test(word)) return SYNONYM_MESSAGES.notAWord(lineNumber, word.slice(0, SYNONYM_LIMITS.wordLength + 1))
  if (word.length < SYNONYM_LIMITS.minWordLength || word.length > SYNONYM_LIMITS.wordLength) {
    return SYNONYM_MESSAGES.length(lineNumber, word.slice(0, SYNONYM_LIMITS.wordLength + 1))
  }
  return null
}

/** One filled row as a line, or what is wrong with it (`seen`: the terms of the lines before). */
function readLine(number: number, row: string, seen: ReadonlySet<string>): SynonymLine | string {
  const parts = row.split('=')
  const term = (parts[0] ?? '').trim().toLowerCase()
  if (parts.length !== 2 || term === '') return SYNONYM_MESSAGES.format(number)
  const words = (parts[1] ?? '').split(',').map((w) => w.trim().toLowerCase()).filter((w) => w !== '')
  const problem = [term, ...words].map((w) => wordProblem(number, w)).find((p) => p !== null)
  if (problem) return problem
  const expandsTo = [...new Set(words)].filter((w) => w !== term)
  if (expandsTo.length === 0) return SYNONYM_MESSAGES.noExpansions(number)
  if (expandsTo.length > SYNONYM_LIMITS.expansions) return SYNONYM_MESSAGES.tooManyExpansions(number)
  if (seen.has(term)) return SYNONYM_MESSAGES.duplicate(number, term)
  return { term, expandsTo }
}

export type SynonymParse = { ok: true; lines: SynonymLine[] } | { ok: false; problems: string[] }

/**
 * The owner's box read as lines: `term = word, word` each, blank lines skipped, everything lowercased,
 * an expansion repeated or equal to its term dropped. Every problem is a message naming its line (at
 * most MAX_REPORTED_PROBLEMS); a box with any problem saves nothing.
 */
export function parseSynonymLines(text: string): SynonymParse {
  if (text.length > SYNONYM_LIMITS.textLength) return { ok: false, problems: [SYNONYM_MESSAGES.tooLong] }
  const rows = text.split(/\r\n|\r|\n/)
  const filled = rows.filter((row) => row.trim() !== '').length
  if (filled > SYNONYM_LIMITS.lines) return { ok: false, problems: [SYNONYM_MESSAGES.tooManyLines(filled)] }
  const problems: string[] = []
  const lines: SynonymLine[] = []
  const seen = new Set<string>()
  for (const [index, row] of rows.entries()) {
    if (problems.length >= MAX_REPORTED_PROBLEMS) break
    if (row.trim() === '') continue
    const line = readLine(index + 1, row, seen)
    if (typeof line === 'string') problems.push(line)
    else {
      seen.add(line.term)
      lines.push(line)
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, lines }
}

/**
 * The terms a typed word may be: itself, and itself without a plural ending ("jhumkas", "diyas",
 * "torans" find their term's words too).
 */
export function termsOfWord(word: string): string[] {
  const terms = [word]
  if (word.endsWith('es') && word.length - 2 >= SYNONYM_LIMITS.minWordLength) terms.push(word.slice(0, -2))
  if (word.endsWith('s') && word.length - 1 >= SYNONYM_LIMITS.minWordLength) terms.push(word.slice(0, -1))
  return terms
}
