import { parse } from 'csv-parse/sync'
import { beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts, insertUsers, owner } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { Invalid } from '~/domain/errors'
import { CSV_COLUMNS, CSV_MESSAGES, MAX_CSV_ROWS } from '~/lib/inventory-csv'
import { applyInventoryImport, exportInventoryCsv, planInventoryImport, readCell, safeCell } from './inventory-csv.server'
import { stockHistory } from './stock-history.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
})

// The columns before the second option group (ADR 077): such files still import.
const HEADER = 'product_id,title,category,option_label,option,colour,price,sale_price,stock,sku'
const utf8 = (text: string) => new TextEncoder().encode(text)
const csv = (...lines: string[]) => utf8([HEADER, ...lines].join('\r\n'))

async function stockOf(productId: string, variety = '', color = ''): Promise<number> {
  const variant = await db.selectFrom('product_variants').select('stock').where('product_id', '=', productId).where('variety_name', '=', variety).where('color', '=', color).executeTakeFirst()
  if (variant) return variant.stock
  return (await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()).total_stock
}

beforeEach(async () => {
  await insertUsers(db, [owner])
  await insertProducts(db, [
    { id: 'vase', title: 'Ocean resin vase', price: 120_000, varieties: [{ name: 'Small', price: 90_000, sale: 80_050 }, { name: 'Large', price: 150_000 }], colors: ['Teal', 'नीला'] },
    { id: 'coaster', title: 'Agate coaster, set of 4', category: 'jewellery', price: 49_900, sale: 39_900, stock: 7 },
    { id: 'evil', title: '=HYPERLINK("http://evil.example","click")', stock: 2 },
    { id: 'gone', title: 'Retired tray', stock: 3, deleted: true },
  ])
  await db
    .insertInto('product_variants')
    .values([
      { product_id: 'vase', variety_name: 'Small', color: 'Teal', stock: 1, sku: 'VS-T', position: 0 },
      { product_id: 'vase', variety_name: 'Small', color: 'नीला', stock: 0, position: 1 },
      { product_id: 'vase', variety_name: 'Large', color: 'Teal', stock: 4, price_paise: 160_000, sale_price_paise: 155_000, position: 2 },
    ])
    .execute()
  await db.updateTable('products').set({ total_stock: 5 }).where('id', '=', 'vase').execute()
})

describe('the inventory export', () => {
  it('writes one row per shelf with the shop prices in rupees: UTF-8 with a BOM, CRLF, quoted where needed', async () => {
    const text = await exportInventoryCsv(db)
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${CSV_COLUMNS.join(',')}`)
    expect(text).toContain('\r\ncoaster,"Agate coaster, set of 4",Jewellery,,,,,,499.00,399.00,7,,,,,,India,\r\n')
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.product_id, row.option_label, row.option, row.colour, row.price, row.sale_price, row.stock, row.sku])).toEqual([
      ['evil', '', '', '', '100.00', '', '2', ''],
      ['coaster', '', '', '', '499.00', '399.00', '7', ''],
      ['vase', 'Size', 'Small', 'Teal', '900.00', '800.50', '1', 'VS-T'],
      ['vase', 'Size', 'Small', 'नीला', '900.00', '800.50', '0', ''],
      ['vase', 'Size', 'Large', 'Teal', '1600.00', '1550.00', '4', ''],
    ])
  })

  it('neutralises every cell a spreadsheet would run as a formula, and the import reads it back', async () => {
    const rows = parse(await exportInventoryCsv(db), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.find((row) => row.product_id === 'evil')?.title).toBe(`'=HYPERLINK("http://evil.example","click")`)
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(safeCell(cell)).toBe(`'${cell}`)
      expect(readCell(safeCell(cell))).toBe(cell)
    }
    expect(safeCell('Teal')).toBe('Teal')
    expect(readCell("'quoted")).toBe("'quoted")
  })
})

describe('the import dry run', () => {
  it('reads the exported file back with nothing to change', async () => {
    const plan = await planInventoryImport(db, utf8(await exportInventoryCsv(db)))
    expect(plan).toMatchObject({ fileErrors: [], rows: [], unchanged: 5, counts: [] })
    expect(plan.notices).toEqual([CSV_MESSAGES.ignoredColumns(['title', 'category', 'option_label', 'option2_label'])])
  })

  it('lists each change with the stock it saw, and changes nothing', async () => {
    const plan = await planInventoryImport(
      db,
      utf8(`\uFEFFproduct_id,option,colour,stock\nvase,Small,नीला,6\n"coaster",,,"7"\n\nvase, Large ,Teal,0\n`),
    )
    expect(plan.fileErrors).toEqual([])
    expect(plan.notices).toEqual([])
    expect(plan.rows).toEqual([
      { row: 2, productId: 'vase', title: 'Ocean resin vase', variety: 'Small', option2: '', color: 'नीला', from: 0, to: 6, problems: [] },
      { row: 5, productId: 'vase', title: 'Ocean resin vase', variety: 'Large', option2: '', color: 'Teal', from: 4, to: 0, problems: [] },
    ])
    expect(plan.unchanged).toBe(1)
    expect(plan.counts).toEqual([
      { productId: 'vase', variety: 'Small', option2: '', color: 'नीला', stock: 6, seen: 0 },
      { productId: 'vase', variety: 'Large', option2: '', color: 'Teal', stock: 0, seen: 4 },
    ])
    expect(await stockOf('vase', 'Small', 'नीला')).toBe(0)
  })

  it('says what is wrong with each bad row, and offers nothing to apply', async () => {
    const plan = await planInventoryImport(
      db,
      csv(
        'nope,x,,,,,,,1,',
        'gone,Retired tray,,,,,,,1,',
        'vase,,,,Huge,Teal,,,1,',
        'coaster,,,,,,,,2.5,',
        'coaster,,,,,,,,-1,',
        'coaster,,,,,,,,100001,',
        'vase,,,,Small,Teal,,,3,',
        'vase,,,,Small,Teal,,,4,',
        ',,,,,,,,1,',
        'coaster,,,,,,,,',
        'vase,,,,,,,,1,',
      ),
    )
    const problems = Object.fromEntries(plan.rows.map((row) => [row.row, row.problems]))
    expect(problems).toEqual({
      2: [CSV_MESSAGES.unknownProduct],
      3: [CSV_MESSAGES.unknownProduct],
      4: ['This product has no option "Huge" in colour "Teal": add it in the product form first.'],
      5: [CSV_MESSAGES.stock, CSV_MESSAGES.duplicate([6, 7, 11])],
      6: [CSV_MESSAGES.stock, CSV_MESSAGES.duplicate([5, 7, 11])],
      7: [CSV_MESSAGES.stock, CSV_MESSAGES.duplicate([5, 6, 11])],
      8: [CSV_MESSAGES.duplicate([9])],
      9: [CSV_MESSAGES.duplicate([8])],
      10: [CSV_MESSAGES.noProductId],
      11: [CSV_MESSAGES.cellCount(9, 10), CSV_MESSAGES.stock, CSV_MESSAGES.duplicate([5, 6, 7])],
      12: ['This product keeps its stock per option or colour: fill in the option and colour of the row.'],
    })
    expect(plan.counts).toEqual([])
  })

  it('sets a colour’s own price and sale price from the price columns, and clears it with an empty price (ADR 071)', async () => {
    const plan = await planInventoryImport(
      db,
      utf8('product_id,option,colour,price,sale_price,stock\nvase,Small,Teal,1249.50,,1\nvase,Small,नीला,900,850,0\nvase,Large,Teal,,,4\ncoaster,,,499.00,399.00,7\n'),
    )
    expect(plan.rows.map((row) => [row.row, row.price, row.salePrice, row.problems])).toEqual([
      [2, { from: '900.00', to: '1249.50' }, { from: '800.50', to: '' }, []],
      [3, undefined, { from: '800.50', to: '850.00' }, []],
      [4, { from: '1600.00', to: '1500.00' }, { from: '1550.00', to: '' }, []],
    ])
    expect(plan.counts.map((count) => [count.variety, count.color, count.sellAt])).toEqual([
      ['Small', 'Teal', { pricePaise: 124_950, salePricePaise: 0 }],
      ['Small', 'नीला', { pricePaise: 90_000, salePricePaise: 85_000 }],
      ['Large', 'Teal', { pricePaise: null, salePricePaise: 0 }],
    ])
    const own = async () =>
      db.selectFrom('product_variants').select(['variety_name', 'color', 'price_paise', 'sale_price_paise']).where('product_id', '=', 'vase').orderBy('position').execute()
    const before = await own()
    await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'prices.csv' })
    expect((await own()).map((v) => [v.variety_name, v.color, v.price_paise, v.sale_price_paise])).toEqual([
      ['Small', 'Teal', 124_950, null],
      ['Small', 'नीला', null, 85_000],
      ['Large', 'Teal', null, null],
    ])
    expect(before).not.toEqual(await own())
    // Read back: the export is the file's prices, and a second import changes nothing.
    const again = await planInventoryImport(db, utf8(await exportInventoryCsv(db)))
    expect(again.rows).toEqual([])
  })

  it('refuses bad, hostile or misplaced prices row by row, and a bad file changes nothing', async () => {
    const plan = await planInventoryImport(
      db,
      utf8(
        [
          'product_id,option,colour,price,sale_price,stock',
          'vase,Small,Teal,12.345,,1',
          'vase,Small,नीला,=1+1,,0',
          "vase,Large,Teal,'=HYPERLINK(1),-5,4",
          'coaster,,,599,,7',
          'vase,Large,Teal,0,,9',
          'evil,,,100.00,100.00,2',
        ].join('\n'),
      ),
    )
    expect(plan.rows.map((row) => [row.row, row.problems])).toEqual([
      [2, [CSV_MESSAGES.price]],
      [3, [CSV_MESSAGES.price]],
      [4, [CSV_MESSAGES.price, CSV_MESSAGES.salePrice, CSV_MESSAGES.duplicate([6])]],
      [5, [CSV_MESSAGES.ownPriceOnlyByColour('')]],
      [6, [CSV_MESSAGES.price, CSV_MESSAGES.duplicate([4])]],
      [7, [CSV_MESSAGES.ownPriceOnlyByColour('')]],
    ])
    expect(plan.counts).toEqual([])
    const sale = await planInventoryImport(db, utf8('product_id,option,colour,price,sale_price,stock\nvase,Small,Teal,,900,1\n'))
    expect(sale.rows.map((row) => row.problems)).toEqual([[CSV_MESSAGES.saleNotBelow]])
    // The domain says the same when handed such a count: all or none.
    const refused = await applyInventoryImport(
      db,
      [
        { productId: 'vase', variety: 'Small', color: 'नीला', stock: 3 },
        { productId: 'coaster', variety: '', color: '', stock: 7, sellAt: { pricePaise: 59_900, salePricePaise: 0 } },
      ],
      { actorId: owner.id, fileName: 'x.csv' },
    ).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Invalid)
    expect((refused as Invalid).errors).toEqual({ 1: [CSV_MESSAGES.ownPriceOnlyByColour('')] })
    expect(await stockOf('vase', 'Small', 'नीला')).toBe(0)
  })

  it('refuses wrong columns with one message naming them', async () => {
    const unknown = await planInventoryImport(db, utf8('product_id,option,colour,stock,price_paise\nvase,Small,Teal,1,5\n'))
    expect(unknown.fileErrors).toEqual([CSV_MESSAGES.unknownColumns(['price_paise'])])
    const missing = await planInventoryImport(db, utf8('product_id,title,stock\ncoaster,Agate,1\n'))
    expect(missing.fileErrors).toEqual([CSV_MESSAGES.missingColumns(['option', 'colour'])])
    const twice = await planInventoryImport(db, utf8('product_id,option,colour,stock,stock\ncoaster,,,1,2\n'))
    expect(twice.fileErrors).toEqual([CSV_MESSAGES.repeatedColumns(['stock'])])
    expect((await planInventoryImport(db, utf8(`${HEADER}\r\n`))).fileErrors).toEqual([CSV_MESSAGES.noRows])
  })

  it('refuses hostile files with a clear message: 10 MB, 5,001 rows, not UTF-8, binary, broken quoting, empty', async () => {
    const plan = (bytes: Uint8Array) => planInventoryImport(db, bytes).then((answer) => answer.fileErrors)
    expect(await plan(new Uint8Array(10 * 1024 * 1024).fill(0x41))).toEqual([CSV_MESSAGES.tooLarge])
    const many = Array.from({ length: MAX_CSV_ROWS + 1 }, () => 'coaster,,,7')
    expect(await plan(utf8(['product_id,option,colour,stock', ...many].join('\n')))).toEqual([CSV_MESSAGES.tooManyRows(5001)])
    expect(await plan(new Uint8Array([0x70, 0x72, 0x6f, 0xe9, 0x0a]))).toEqual([CSV_MESSAGES.notUtf8])
    expect(await plan(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toEqual([CSV_MESSAGES.notCsv])
    const broken = await plan(utf8('product_id,option,colour,stock\ncoaster,"Small,,7\n'))
    expect(broken).toEqual([CSV_MESSAGES.unreadable(2, 'a quote (") opens a cell and is never closed.')])
    expect(await plan(new Uint8Array())).toEqual([CSV_MESSAGES.empty])
    expect(await plan(utf8('\uFEFF \r\n'))).toEqual([CSV_MESSAGES.empty])
  })

  it('takes 5,000 rows, quoted commas and newlines, and formula cells as text', async () => {
    const many = Array.from({ length: MAX_CSV_ROWS - 1 }, () => 'nope,,,1')
    const plan = await planInventoryImport(db, utf8(['product_id,title,option,colour,stock', `evil,"'=HYPERLINK(""x"")\nline two, with comma",,,'-3`, ...many].join('\n')))
    expect(plan.fileErrors).toEqual([])
    expect(plan.rows).toHaveLength(MAX_CSV_ROWS)
    expect(plan.rows[0]).toMatchObject({ productId: 'evil', from: 2, to: null, problems: [CSV_MESSAGES.stock] })
  })
})

describe('SKUs in the file', () => {
  it('lists each SKU change beside the stock, refuses a bad one, and applies them with the stocks; the export reads them back', async () => {
    const bad = await planInventoryImport(db, utf8('product_id,option,colour,stock,sku\ncoaster,,,7,=cmd|calc\nvase,Large,Teal,4,ok\n'))
    expect(bad.rows.find((row) => row.row === 2)?.problems).toEqual([CSV_MESSAGES.sku])
    expect(bad.counts).toEqual([])

    const plan = await planInventoryImport(db, utf8('product_id,option,colour,stock,sku\ncoaster,,,7,AG-COAST-4\nvase,Small,Teal,2,VS-T\nvase,Large,Teal,4,VL-T\nvase,Small,नीला,0,\n'))
    expect(plan.rows).toEqual([
      { row: 2, productId: 'coaster', title: 'Agate coaster, set of 4', variety: '', option2: '', color: '', from: 7, to: 7, sku: { from: '', to: 'AG-COAST-4' }, problems: [] },
      { row: 3, productId: 'vase', title: 'Ocean resin vase', variety: 'Small', option2: '', color: 'Teal', from: 1, to: 2, problems: [] },
      { row: 4, productId: 'vase', title: 'Ocean resin vase', variety: 'Large', option2: '', color: 'Teal', from: 4, to: 4, sku: { from: '', to: 'VL-T' }, problems: [] },
    ])
    expect(plan.unchanged).toBe(1)
    expect(await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'skus.csv' })).toEqual({ stocks: 3, products: 0 })
    const rows = parse(await exportInventoryCsv(db), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.product_id, row.option, row.stock, row.sku])).toEqual([
      ['evil', '', '2', ''],
      ['coaster', '', '7', 'AG-COAST-4'],
      ['vase', 'Small', '2', 'VS-T'],
      ['vase', 'Small', '0', ''],
      ['vase', 'Large', '4', 'VL-T'],
    ])
    // Only the stock moved on the history; an empty cell clears a SKU.
    expect((await stockHistory(db, 'coaster', { variety: '', color: '' })).items).toEqual([])
    const cleared = await planInventoryImport(db, utf8('product_id,option,colour,stock,sku\ncoaster,,,7,\n'))
    expect(await applyInventoryImport(db, cleared.counts, { actorId: owner.id, fileName: 'skus.csv' })).toEqual({ stocks: 1, products: 0 })
    expect((await db.selectFrom('products').select('sku').where('id', '=', 'coaster').executeTakeFirstOrThrow()).sku).toBeNull()
  })
})

describe('applying an import', () => {
  it('sets the dry run stocks, all at once, each in the stock history as a CSV import', async () => {
    const plan = await planInventoryImport(db, utf8('product_id,option,colour,stock\nvase,Small,Teal,9\ncoaster,,,2\n'))
    expect(await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'stock.csv' })).toEqual({ stocks: 2, products: 0 })
    expect([await stockOf('vase', 'Small', 'Teal'), await stockOf('coaster')]).toEqual([9, 2])
    expect((await db.selectFrom('products').select('total_stock').where('id', '=', 'vase').executeTakeFirstOrThrow()).total_stock).toBe(13)
    expect((await stockHistory(db, 'vase', { variety: 'Small', color: 'Teal' })).items).toMatchObject([{ change: 8, reason: 'import', note: 'CSV import: stock.csv' }])
  })

  it('applies nothing when a shelf moved between the dry run and the confirm (a sale)', async () => {
    const plan = await planInventoryImport(db, utf8('product_id,option,colour,stock\nvase,Small,Teal,9\ncoaster,,,2\n'))
    await db.updateTable('products').set({ total_stock: 6 }).where('id', '=', 'coaster').execute()
    const attempt = applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'stock.csv' })
    await expect(attempt).rejects.toBeInstanceOf(Invalid)
    await expect(attempt).rejects.toMatchObject({ errors: { 1: ['Changed to 6 since you opened the page; check it and save again'] } })
    expect([await stockOf('vase', 'Small', 'Teal'), await stockOf('coaster')]).toEqual([1, 6])
    expect(await db.selectFrom('stock_movements').selectAll().execute()).toEqual([])
  })
})

describe("the product's own columns: weight, box, country of origin, materials (ADR 100)", () => {
  const FACTS = 'product_id,option,colour,stock,weight_grams,length_cm,breadth_cm,height_cm,country_of_origin,materials'
  const factsOf = (id: string) =>
    db.selectFrom('products').select(['weight_grams', 'length_cm', 'breadth_cm', 'height_cm', 'country_of_origin', 'materials']).where('id', '=', id).executeTakeFirstOrThrow()

  beforeEach(async () => {
    await db.updateTable('products').set({ weight_grams: 820, length_cm: 30, breadth_cm: null, height_cm: null, country_of_origin: 'Nepal' }).where('id', '=', 'vase').execute()
    await db.updateTable('products').set({ materials: 'Agate, epoxy resin' }).where('id', '=', 'coaster').execute()
  })

  it('exports them on every row of the product, a measure empty where the category’s stands in', async () => {
    const rows = parse(await exportInventoryCsv(db), { bom: true, columns: true }) as Record<string, string>[]
    expect(rows.map((row) => [row.product_id, row.weight_grams, row.length_cm, row.breadth_cm, row.height_cm, row.country_of_origin, row.materials])).toEqual([
      ['evil', '', '', '', '', 'India', ''],
      ['coaster', '', '', '', '', 'India', 'Agate, epoxy resin'],
      ['vase', '820', '30', '', '', 'Nepal', ''],
      ['vase', '820', '30', '', '', 'Nepal', ''],
      ['vase', '820', '30', '', '', 'Nepal', ''],
    ])
  })

  it('lists the changes once per product beside the stocks, changes nothing, then applies them with the stocks in one go', async () => {
    const file = utf8(
      [
        FACTS,
        'vase,Small,Teal,1,900,30,,12,Nepal,',
        'vase,Small,नीला,0,900,30,,12,Nepal,',
        'vase,Large,Teal,5,900,30,,12,Nepal,',
        // An empty country is India, as in the product sheet.
        'coaster,,,7,,,,, ,"Agate, epoxy resin, gold leaf"',
        'evil,,,2,,,,,India,',
      ].join('\n'),
    )
    const plan = await planInventoryImport(db, file)
    expect(plan.fileErrors).toEqual([])
    expect(plan.rows).toEqual([
      {
        row: 2,
        productId: 'vase',
        title: 'Ocean resin vase',
        variety: 'Small',
        option2: '',
        color: 'Teal',
        from: 1,
        to: 1,
        product: [
          { label: 'Weight (g)', from: '820', to: '900' },
          { label: 'Height (cm)', from: "(category's default)", to: '12' },
        ],
        problems: [],
      },
      { row: 4, productId: 'vase', title: 'Ocean resin vase', variety: 'Large', option2: '', color: 'Teal', from: 4, to: 5, problems: [] },
      {
        row: 5,
        productId: 'coaster',
        title: 'Agate coaster, set of 4',
        variety: '',
        option2: '',
        color: '',
        from: 7,
        to: 7,
        product: [{ label: 'Materials', from: 'Agate, epoxy resin', to: 'Agate, epoxy resin, gold leaf' }],
        problems: [],
      },
    ])
    expect(plan.unchanged).toBe(2)
    expect(plan.counts[0]).toMatchObject({ productId: 'vase', facts: { weightGrams: { from: 820, to: 900 }, heightCm: { from: null, to: 12 } } })
    expect(await factsOf('vase')).toMatchObject({ weight_grams: 820, height_cm: null })

    expect(await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'facts.csv' })).toEqual({ stocks: 1, products: 2 })
    expect(await factsOf('vase')).toEqual({ weight_grams: 900, length_cm: 30, breadth_cm: null, height_cm: 12, country_of_origin: 'Nepal', materials: '' })
    expect((await factsOf('coaster')).materials).toBe('Agate, epoxy resin, gold leaf')
    expect(await stockOf('vase', 'Large', 'Teal')).toBe(5)
    // The exported file reads back with nothing to change.
    expect(await planInventoryImport(db, utf8(await exportInventoryCsv(db)))).toMatchObject({ rows: [], unchanged: 5 })
  })

  it('empties a measure back to the category’s default and an empty country to India', async () => {
    const plan = await planInventoryImport(db, utf8(`product_id,option,colour,stock,weight_grams,country_of_origin\nvase,Small,Teal,1,,\n`))
    expect(plan.rows[0]?.product).toEqual([
      { label: 'Weight (g)', from: '820', to: "(category's default)" },
      { label: 'Country of origin', from: 'Nepal', to: 'India' },
    ])
    expect(await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'facts.csv' })).toEqual({ stocks: 0, products: 1 })
    expect(await factsOf('vase')).toMatchObject({ weight_grams: null, length_cm: 30, country_of_origin: 'India' })
  })

  it('names the row and the column of each bad value, and a file with one changes nothing', async () => {
    const plan = await planInventoryImport(
      db,
      utf8(
        [
          FACTS,
          'vase,Small,Teal,3,0,201,abc,2.5,Nepal,',
          'vase,Small,नीला,0,30001,30,,,Nepal,',
          'vase,Large,Teal,4,820,30,,,Bhutan,',
          `coaster,,,7,,,,,${'x'.repeat(61)},"Agate\u202e"`,
          `evil,,,2,,,,,"Ind\nia",Brass`,
        ].join('\n'),
      ),
    )
    expect(Object.fromEntries(plan.rows.map((row) => [row.row, row.problems]))).toEqual({
      2: [CSV_MESSAGES.weight_grams, CSV_MESSAGES.length_cm, CSV_MESSAGES.breadth_cm, CSV_MESSAGES.height_cm],
      3: [CSV_MESSAGES.weight_grams],
      // Row 2's weight is wrong, so only the country is compared with it.
      4: [CSV_MESSAGES.productDiffers('country_of_origin', 2)],
      5: [CSV_MESSAGES.countryLong, CSV_MESSAGES.materialsControl],
      6: [CSV_MESSAGES.countryControl, CSV_MESSAGES.materialsNotAsked],
    })
    expect(CSV_MESSAGES.weight_grams).toBe("weight_grams: Weight must be a whole number of grams from 1 to 30000, or empty for the category's default.")
    expect(plan.fileErrors).toEqual([])
    expect(plan.counts).toEqual([])
    expect(await factsOf('vase')).toMatchObject({ weight_grams: 820, length_cm: 30, country_of_origin: 'Nepal' })
  })

  it('refuses rows of one product that disagree', async () => {
    const plan = await planInventoryImport(db, utf8(`${FACTS}\nvase,Small,Teal,1,900,30,,,Nepal,\nvase,Large,Teal,4,950,30,,,Nepal,\n`))
    expect(plan.rows.find((row) => row.row === 3)?.problems).toEqual([CSV_MESSAGES.productDiffers('weight_grams', 2)])
    expect(CSV_MESSAGES.productDiffers('weight_grams', 2)).toBe('weight_grams is not the same as on row 2: give every row of a piece the same weight_grams.')
    expect(plan.counts).toEqual([])
  })

  it('leaves them as they are when the file has no such columns (a file exported before them)', async () => {
    const plan = await planInventoryImport(db, csv('vase,,,,Small,Teal,,,6,VS-T'))
    expect(plan.rows).toMatchObject([{ row: 2, from: 1, to: 6 }])
    expect(plan.rows[0]?.product).toBeUndefined()
    await applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'old.csv' })
    expect(await factsOf('vase')).toEqual({ weight_grams: 820, length_cm: 30, breadth_cm: null, height_cm: null, country_of_origin: 'Nepal', materials: '' })
  })

  it('applies nothing when the product changed between the dry run and the confirm', async () => {
    const plan = await planInventoryImport(db, utf8(`product_id,option,colour,stock,weight_grams\nvase,Small,Teal,9,900\ncoaster,,,2,\n`))
    await db.updateTable('products').set({ weight_grams: 850 }).where('id', '=', 'vase').execute()
    const attempt = applyInventoryImport(db, plan.counts, { actorId: owner.id, fileName: 'facts.csv' })
    await expect(attempt).rejects.toMatchObject({ errors: { 0: [CSV_MESSAGES.productMoved] } })
    expect([await stockOf('vase', 'Small', 'Teal'), await stockOf('coaster'), (await factsOf('vase')).weight_grams]).toEqual([1, 7, 850])
  })
})
