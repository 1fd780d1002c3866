// Search synonyms on a fresh database (SQLite, and PostgreSQL under test:pg): the owner's lines kept
// and refused, the words a search's words stand for, and Indian names finding their pieces.
import { beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { Invalid } from '~/domain/errors'
import { changedSince, shopGeneration, shopWritesPlugin } from '~/infra/shop-writes.server'
import { SYNONYM_LIMITS, SYNONYM_MESSAGES } from '~/lib/search-synonyms'
import { matchProducts } from './product-search.server'
import { expandWords, listOwnSynonyms, saveOwnSynonyms } from './search-synonyms.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh.withPlugin(shopWritesPlugin)
  await insertProducts(db, [
    { id: 'earrings', title: 'Gold Flake Drop Earrings', category: 'jewellery', price: 64_900 },
    { id: 'bangle', title: 'Ocean Wave Bangle', category: 'jewellery', price: 89_900 },
    { id: 'holder', title: 'Marble Tealight Holder', category: 'home-decor', price: 49_900 },
    { id: 'hanging', title: 'Pressed Flower Door Hanging', category: 'home-decor', price: 1_49_900 },
    { id: 'rakhi', title: 'Rakhi Resin Gift Set', category: 'special-occasion', price: 39_900 },
    { id: 'bookmark', title: 'Birth Flower Bookmark', category: 'gifting-memories', price: 29_900 },
    { id: 'clock', title: 'Geode Resin Wall Clock', category: 'home-decor', price: 2_49_900 },
  ])
})

const search = (keyword: string) => matchProducts(db, keyword, 48)

/** The Invalid a save throws, or a failure when it saves. */
async function refusal(text: string): Promise<string[]> {
  const error = await saveOwnSynonyms(db, text).then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof Invalid)) throw new Error(`expected Invalid, got ${String(error)}`)
  return error.errors.synonyms ?? []
}

describe('Indian names find their pieces with the default list', () => {
  it('jhumka (and jhumkas, Jhumki) finds the earrings and nothing else', async () => {
    expect(await search('jhumka')).toEqual(['earrings'])
    expect(await search('Jhumkas')).toEqual(['earrings'])
    expect(await search('jhumki')).toEqual(['earrings'])
  })

  it('kada finds the bangle, diya the tealight holder, toran the door hanging', async () => {
    expect(await search('kada')).toEqual(['bangle'])
    expect(await search('diya')).toEqual(['holder'])
    expect(await search('torans')).toEqual(['hanging'])
  })

  it('rakhee finds the rakhi set, bookmarker the bookmark, ghadi the clock', async () => {
    expect(await search('rakhee')).toEqual(['rakhi'])
    expect(await search('bookmarker')).toEqual(['bookmark'])
    expect(await search('ghadi')).toEqual(['clock'])
  })

  it('ranks a piece matching more of the words first ("gold jhumka" before any other earring)', async () => {
    await insertProducts(db, [{ id: 'studs', title: 'Silver Stud Earrings', category: 'jewellery', price: 19_900 }])
    expect(await search('gold jhumka')).toEqual(['earrings', 'studs'])
  })

  it('a word with synonyms is never taken for a typo of another catalogue word', async () => {
    expect(await expandWords(db, ['kada', 'earing', 'clock'])).toEqual([['bangle', 'bracelet'], [], []])
  })
})

describe("the owner's lines", () => {
  it('are kept, listed by term, and extend the defaults at once', async () => {
    expect(await search('bindiya')).toEqual([])
    await saveOwnSynonyms(db, 'Bindiya = Bookmark\njhumka = studs')
    expect(await listOwnSynonyms(db)).toEqual([
      { term: 'bindiya', expandsTo: ['bookmark'] },
      { term: 'jhumka', expandsTo: ['studs'] },
    ])
    expect(await search('bindiya')).toEqual(['bookmark'])
  })

  it("replace the default line of the same term, and saving again replaces the owner's whole list", async () => {
    await saveOwnSynonyms(db, 'kada = clock')
    expect(await search('kada')).toEqual(['clock'])
    await saveOwnSynonyms(db, 'bindiya = bookmark')
    expect(await listOwnSynonyms(db)).toEqual([{ term: 'bindiya', expandsTo: ['bookmark'] }])
    expect(await search('kada')).toEqual(['bangle'])
    await saveOwnSynonyms(db, '')
    expect(await listOwnSynonyms(db)).toEqual([])
    expect(await search('bindiya')).toEqual([])
  })

  it('drop the kept pages when saved (the page cache sees the write), and not when nothing changed', async () => {
    const before = shopGeneration()
    await saveOwnSynonyms(db, '')
    expect(changedSince(before)).toBe(false)
    await saveOwnSynonyms(db, 'bindiya = bookmark')
    expect(changedSince(before)).toBe(true)
  })

  it('with any bad line change nothing, and say which lines are wrong', async () => {
    await saveOwnSynonyms(db, 'bindiya = bookmark')
    expect(await refusal('kada = clock\nrakhi bracelet\njh = earrings')).toEqual([
      SYNONYM_MESSAGES.format(2),
      SYNONYM_MESSAGES.length(3, 'jh'),
    ])
    expect(await listOwnSynonyms(db)).toEqual([{ term: 'bindiya', expandsTo: ['bookmark'] }])
  })

  it('refuse hostile boxes: thousands of lines, a huge line, SQL and FTS operators, control characters', async () => {
    const many = Array.from({ length: 3_000 }, (_, i) => `term${i} = earrings`).join('\n')
    expect(await refusal(many)).toEqual([SYNONYM_MESSAGES.tooLong])
    const count = SYNONYM_LIMITS.lines + 1
    expect(await refusal(Array.from({ length: count }, (_, i) => `t${i}x = ear`).join('\n'))).toEqual([
      SYNONYM_MESSAGES.tooManyLines(count),
    ])
    expect(await refusal(`kada = ${'x'.repeat(50_000)}`)).toEqual([SYNONYM_MESSAGES.tooLong])
    for (const bad of ["kada = clock'); drop table products; --", 'kada = "clock" OR *', 'kada = clo\u0000ck', 'ka\u0007da = clock']) {
      expect((await refusal(bad))[0]).toMatch(/^Line 1: ".*" can hold only letters and digits, one word$/)
    }
    expect(await listOwnSynonyms(db)).toEqual([])
  })

  it('the most lines the box may hold are kept, and a search still finds by them', async () => {
    const lines = Array.from({ length: SYNONYM_LIMITS.lines }, (_, i) => `term${i}x = clock`)
    await saveOwnSynonyms(db, lines.join('\n'))
    expect(await listOwnSynonyms(db)).toHaveLength(SYNONYM_LIMITS.lines)
    expect(await search(`term${SYNONYM_LIMITS.lines - 1}x`)).toEqual(['clock'])
  })
})

describe('expandWords', () => {
  beforeEach(async () => {
    await saveOwnSynonyms(db, 'jhumkas = studs')
  })

  it('takes the word and its singular: both lines add up, the word itself left out', async () => {
    expect(await expandWords(db, ['jhumkas', 'unknown', 'diya'])).toEqual([
      ['studs', 'earrings', 'earring'],
      [],
      ['candle', 'tealight', 'diwali'],
    ])
    expect(await expandWords(db, [])).toEqual([])
  })
})
