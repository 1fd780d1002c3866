// The owner's synonym box read as lines: what is kept, and every way a box is refused.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SYNONYMS,
  formatSynonymLine,
  MAX_REPORTED_PROBLEMS,
  parseSynonymLines,
  SYNONYM_LIMITS,
  SYNONYM_MESSAGES,
  termsOfWord,
} from './search-synonyms'

const problemsOf = (text: string) => {
  const parsed = parseSynonymLines(text)
  if (parsed.ok) throw new Error('expected problems')
  return parsed.problems
}

describe('parseSynonymLines keeps', () => {
  it('each "term = word, word" line, lowercased and trimmed, blank lines skipped', () => {
    expect(parseSynonymLines('  Jhumka =  Earrings ,earring\r\n\n\nKADA = bangle')).toEqual({
      ok: true,
      lines: [
        { term: 'jhumka', expandsTo: ['earrings', 'earring'] },
        { term: 'kada', expandsTo: ['bangle'] },
      ],
    })
  })

  it('an empty box (the owner keeps only the defaults)', () => {
    expect(parseSynonymLines('\n  \n')).toEqual({ ok: true, lines: [] })
  })

  it('a repeated word once, and drops the term from its own words', () => {
    expect(parseSynonymLines('diya = candle, Candle, diya, tealight')).toEqual({
      ok: true,
      lines: [{ term: 'diya', expandsTo: ['candle', 'tealight'] }],
    })
  })

  it('letters of any script and digits ("café", "ঝুমকা" has marks and is refused, "earrings2")', () => {
    expect(parseSynonymLines('café = coffee, earrings2').ok).toBe(true)
    expect(parseSynonymLines('ঝুমকা = earrings').ok).toBe(false)
  })

  it('the default list as the box would write it: every default line parses back to itself', () => {
    const text = DEFAULT_SYNONYMS.map(formatSynonymLine).join('\n')
    expect(parseSynonymLines(text)).toEqual({ ok: true, lines: DEFAULT_SYNONYMS })
  })
})

describe('parseSynonymLines refuses', () => {
  it('a line without "=", with two, or with nothing before it', () => {
    expect(problemsOf('jhumka earrings')).toEqual([SYNONYM_MESSAGES.format(1)])
    expect(problemsOf('okay = fine\njhumka = earrings = studs')).toEqual([SYNONYM_MESSAGES.format(2)])
    expect(problemsOf(' = earrings')).toEqual([SYNONYM_MESSAGES.format(1)])
  })

  it('a line with no word after "=", or only its own term', () => {
    expect(problemsOf('jhumka =')).toEqual([SYNONYM_MESSAGES.noExpansions(1)])
    expect(problemsOf('jhumka = , ,')).toEqual([SYNONYM_MESSAGES.noExpansions(1)])
    expect(problemsOf('jhumka = jhumka')).toEqual([SYNONYM_MESSAGES.noExpansions(1)])
  })

  it('words too short for search, or too long', () => {
    expect(problemsOf('jh = earrings')).toEqual([SYNONYM_MESSAGES.length(1, 'jh')])
    const long = 'a'.repeat(SYNONYM_LIMITS.wordLength + 1)
    expect(problemsOf(`jhumka = ${long}`)).toEqual([SYNONYM_MESSAGES.length(1, long)])
  })

  it('odd characters: phrases, operators, quotes, markup, control characters, emoji', () => {
    for (const bad of ['tea light', 'ear*', '"earrings"', '<script>', 'ear\u0000rings', 'ear\u202erings', 'earrings💍', "o'clock", 'a%_b']) {
      const [problem] = problemsOf(`jhumka = ${bad}`)
      expect(problem).toMatch(/^Line 1: ".*" can hold only letters and digits, one word$/)
    }
    expect(problemsOf('jh-umka = earrings')).toEqual([SYNONYM_MESSAGES.notAWord(1, 'jh-umka')])
  })

  it('a term given twice', () => {
    expect(problemsOf('jhumka = earrings\nJHUMKA = studs')).toEqual([SYNONYM_MESSAGES.duplicate(2, 'jhumka')])
  })

  it('more words after "=" than a line may hold', () => {
    const words = Array.from({ length: SYNONYM_LIMITS.expansions + 1 }, (_, i) => `word${i}`)
    expect(problemsOf(`jhumka = ${words.join(', ')}`)).toEqual([SYNONYM_MESSAGES.tooManyExpansions(1)])
  })

  it('thousands of lines, whatever they hold, without reading each', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `t${i}x = earrings`)
    expect(problemsOf(lines.join('\n').slice(0, SYNONYM_LIMITS.textLength))).toEqual([
      SYNONYM_MESSAGES.tooManyLines(lines.join('\n').slice(0, SYNONYM_LIMITS.textLength).split('\n').length),
    ])
    expect(problemsOf(lines.join('\n'))).toEqual([SYNONYM_MESSAGES.tooLong])
  })

  it('a single huge line', () => {
    expect(problemsOf(`jhumka = ${'earrings,'.repeat(10_000)}`)).toEqual([SYNONYM_MESSAGES.tooLong])
  })

  it(`a box of bad lines with at most ${MAX_REPORTED_PROBLEMS} messages, each naming its line`, () => {
    const problems = problemsOf(Array.from({ length: 50 }, () => 'nonsense').join('\n'))
    expect(problems).toEqual([1, 2, 3, 4, 5].map(SYNONYM_MESSAGES.format))
  })

  it('the whole box when one line is bad, however many are good', () => {
    expect(parseSynonymLines('jhumka = earrings\nkada = \nrakhi = bracelet').ok).toBe(false)
  })
})

describe('termsOfWord', () => {
  it('is the word, and the word without a plural ending that leaves a searchable word', () => {
    expect(termsOfWord('jhumka')).toEqual(['jhumka'])
    expect(termsOfWord('jhumkas')).toEqual(['jhumkas', 'jhumka'])
    expect(termsOfWord('torans')).toEqual(['torans', 'toran'])
    expect(termsOfWord('boxes')).toEqual(['boxes', 'box', 'boxe'])
    expect(termsOfWord('bus')).toEqual(['bus'])
  })
})
