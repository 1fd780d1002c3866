// Forgiving search on a fresh database: typos, extra words, any word order, and keywords built to hurt.
import { describe, expect, it } from 'vitest'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { createTestDb, withTestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { Category } from '../../../db/schema'
import { seedSyntheticProducts } from '../../../db/seed/synthetic'
import { rupeesToPaise } from '~/lib/money'
import {
  buildVocabulary,
  correctTypo,
  likePattern,
  MAX_SEARCH_WORDS,
  matchProducts,
  parseKeyword,
  trigramSimilarity,
  trigrams,
} from './product-search.server'

/** Prices in rupees; the cheaper product comes first among equals. */
const PRODUCTS: { id: string; title: string; category: Category; price: number; description: string }[] = [
  { id: 'earrings-galaxy', title: 'Stardust Galaxy Earrings', category: 'jewellery', price: 649, description: 'Glitter drops on silver hooks.' },
  { id: 'earrings-agate', title: 'Emerald Agate Drop Earrings', category: 'jewellery', price: 899, description: 'Green agate slices.' },
  { id: 'necklace', title: 'Galaxy Glitter Pendant Necklace', category: 'jewellery', price: 1299, description: 'Swirls of violet on a chain.' },
  { id: 'hair-clip', title: 'Pressed Flower Hair Clip', category: 'jewellery', price: 299, description: 'Light enough for all-day wearing.' },
  { id: 'clock', title: 'Ocean Resin Wall Clock', category: 'home-decor', price: 2499, description: 'Poured waves, silent movement.' },
  { id: 'block', title: 'Baby Footprint Memory Block', category: 'gifting-memories', price: 1499, description: 'Keeps a first step forever.' },
  { id: 'tray', title: 'Bridal Bouquet Tray', category: 'special-occasion', price: 3999, description: 'Preserved wedding flowers in clear resin.' },
]

/** The products above (or others like them) with five in stock. */
const insert = (db: DB, products: typeof PRODUCTS) =>
  insertProducts(db, products.map((p) => ({ ...p, price: rupeesToPaise(p.price), stock: 5 })))

let db: DB
withTestDb(
  async (fresh) => {
    db = fresh
    await insert(db, PRODUCTS)
  },
  { perFile: true },
)

const search = (keyword: string) => matchProducts(db, keyword, 48)

describe('matchProducts forgives', () => {
  it('a typo: "earing" finds the earrings, before a product that merely says "wearing"', async () => {
    const found = await search('earing')
    expect(found.slice(0, 2)).toEqual(['earrings-galaxy', 'earrings-agate'])
    expect(found).not.toContain('clock')
  })

  it('a missing letter: "rsin" finds the resin pieces', async () => {
    expect(await search('rsin')).toEqual(['clock', 'tray'])
  })

  it('a wrong letter: "necklase" and "pendent" find the necklace', async () => {
    expect(await search('necklase')).toEqual(['necklace'])
    expect(await search('pendent')).toEqual(['necklace'])
  })

  it('extra words: "necklace for mom" finds the necklace first', async () => {
    expect((await search('necklace for mom'))[0]).toBe('necklace')
    expect(await search('a necklace for my mom')).toContain('necklace')
  })

  it('words in any order, products with every word first', async () => {
    expect(await search('galaxy earrings')).toEqual(['earrings-galaxy', 'earrings-agate', 'necklace'])
    expect(await search('earrings galaxy')).toEqual(['earrings-galaxy', 'earrings-agate', 'necklace'])
    expect(await search('flowers wedding')).toEqual(['tray'])
  })

  it('ranks the whole keyword in the title above the same words elsewhere', async () => {
    // "wall clock" is the clock's title; nothing else has both words.
    expect(await search('Wall Clock')).toEqual(['clock'])
    // "drop" is in one title ("Drop Earrings") and one description ("Glitter drops").
    expect(await search('drop')).toEqual(['earrings-agate', 'earrings-galaxy'])
  })

  it('but never widens a correctly spelt word to lookalikes ("clock" is not "block")', async () => {
    expect(await search('clock')).toEqual(['clock'])
    expect(await search('block')).toEqual(['block'])
  })

  it('and finds nothing for words unlike any in the catalogue', async () => {
    expect(await search('zzzz qqqq')).toEqual([])
    expect(await search('xylophone')).toEqual([])
  })
})

describe('the vocabulary typos are corrected against', () => {
  it("follows the catalogue: a new product's words at once, a deleted product's words no more", async () => {
    const scratch = await createTestDb()
    try {
      await insert(scratch.db, PRODUCTS)
      expect(await matchProducts(scratch.db, 'turqoise', 10)).toEqual([])
      await insert(scratch.db, [
        { id: 'bangle', title: 'Turquoise Bangle', category: 'jewellery', price: 999, description: 'Sapphire blue.' },
      ])
      expect(await matchProducts(scratch.db, 'turqoise', 10)).toEqual(['bangle'])
      await scratch.db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'bangle').execute()
      expect(await matchProducts(scratch.db, 'turqoise', 10)).toEqual([])
      expect(await matchProducts(scratch.db, 'saphire', 10)).toEqual([])
    } finally {
      await scratch.cleanup()
    }
  })
})

describe('keywords built to hurt', () => {
  let big: DB
  withTestDb(
    async (fresh) => {
      big = fresh
      await insert(big, PRODUCTS)
      await seedSyntheticProducts(big, 5000, { imageUrls: [] })
    },
    { perFile: true, timeout: 60_000 },
  )

  const attacks = [
    'x'.repeat(1000),
    'earing '.repeat(143),
    Array.from({ length: 200 }, (_, i) => `wrd${i}`).join(' '),
    Array.from({ length: 200 }, (_, i) => `resin${'aeiou'[i % 5]}x${i}`).join(' '),
    '"',
    '""""',
    '*',
    'earr*',
    'NEAR(earrings clock)',
    'earrings NEAR clock',
    'earrings OR clock',
    'earrings AND NOT clock',
    '-earrings',
    'title:earrings',
    '{title}: clock',
    '^ocean',
    '(((((',
    'earrings + clock',
    "'; drop table products; --",
    '%_\\',
    '😀 ईयररिंग्स',
    'ईयररिंग्स 耳环 серьги أقراط ǅ ﬁ ꭰ 𝒜 ٣٤',
    'café naïve e\u0301',
    '\u0000\u0001',
  ]

  // Time is compared, not measured: an attack may cost a few ordinary searches of the same 5,000
  // products on the same machine in the same run, never the hundreds an unbounded query would.
  async function slowestOf(keyword: string) {
    let slowest = 0
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await matchProducts(big, keyword, 48)
      slowest = Math.max(slowest, performance.now() - started)
    }
    return slowest
  }

  it.each(attacks.map((keyword) => [keyword.slice(0, 40), keyword]))('answers %j without error, in the time of a few ordinary searches', async (_, keyword) => {
    const ordinary = Math.max(await slowestOf('earrings'), await slowestOf('ocean wave clock'), 5)
    const started = performance.now()
    const found = await matchProducts(big, keyword, 48)
    const elapsed = performance.now() - started
    expect(found.length).toBeLessThanOrEqual(48)
    expect(elapsed / ordinary).toBeLessThan(15)
  })

  it('reads operators as plain text', async () => {
    expect(await matchProducts(db, 'earrings OR clock', 48)).toEqual(['earrings-galaxy', 'earrings-agate', 'clock'])
    expect(await matchProducts(db, 'NEAR(earrings clock)', 48)).toContain('clock')
    expect(await matchProducts(db, '"', 48)).toEqual([])
    expect(await matchProducts(db, '*', 48)).toEqual([])
  })
})

describe('parseKeyword', () => {
  it('keeps the keyword whole and its distinct content words, lowercased', () => {
    expect(parseKeyword('  Necklace for MOM necklace  ')).toEqual({ phrase: 'Necklace for MOM necklace', words: ['necklace', 'mom'] })
  })

  it('drops stop words and words under 3 characters, and splits on anything not a letter or digit', () => {
    expect(parseKeyword('a gift to my 2 "best" friends-forever').words).toEqual(['gift', 'best', 'friends', 'forever'])
  })

  it(`caps the keyword at 100 characters and the words at ${MAX_SEARCH_WORDS}`, () => {
    const parsed = parseKeyword(Array.from({ length: 200 }, (_, i) => `word${i}`).join(' '))
    expect(parsed.phrase.length).toBeLessThanOrEqual(100)
    expect(parsed.words).toHaveLength(MAX_SEARCH_WORDS)
  })
})

describe('trigram similarity and typo correction', () => {
  it("counts trigrams as pg_trgm does, so PostgreSQL's similarity() gives the same numbers", () => {
    expect([...trigrams('cat')]).toEqual(['  c', ' ca', 'cat', 'at '])
    expect(trigramSimilarity(trigrams('earing'), trigrams('earrings'))).toBeCloseTo(5 / 11)
    expect(trigramSimilarity(trigrams('rsin'), trigrams('resin'))).toBeCloseTo(3 / 8)
  })

  it('corrects only words no catalogue word starts with, to the closest few', () => {
    const vocabulary = buildVocabulary(['earrings', 'wearing', 'clock', 'block', 'resin', 'rose'])
    expect(correctTypo(vocabulary, 'earing')).toEqual(['wearing', 'earrings'])
    expect(correctTypo(vocabulary, 'earr')).toEqual([])
    expect(correctTypo(vocabulary, 'clock')).toEqual([])
    expect(correctTypo(vocabulary, 'rsin')).toEqual(['resin'])
    expect(correctTypo(vocabulary, 'qqqq')).toEqual([])
  })
})

describe('likePattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%')
    expect(likePattern('plain')).toBe('%plain%')
  })
})
