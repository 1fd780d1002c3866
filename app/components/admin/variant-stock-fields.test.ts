// The grid's boxes as the form shows them: names by index, labels by names, Total Stock as their sum.
import { expect, it } from 'vitest'
import { stockBoxes, stockBoxesSum } from './variant-stock-fields'

const values = {
  varietyType: 'size',
  varieties: [
    { name: 'Small', colorStock: ['3', '0'], stock: '9' },
    { name: 'Large', colorStock: ['5'] },
  ],
  colors: ['Teal', 'Gold'],
}

it('shows a box per option and colour, labelled by both', () => {
  expect(stockBoxes(values, false).map((b) => [b.name, b.label, b.value])).toEqual([
    ['varieties[0].colorStock[0]', 'Stock of Small, Teal', '3'],
    ['varieties[0].colorStock[1]', 'Stock of Small, Gold', '0'],
    ['varieties[1].colorStock[0]', 'Stock of Large, Teal', '5'],
    ['varieties[1].colorStock[1]', 'Stock of Large, Gold', ''],
  ])
  expect(stockBoxesSum(values, false)).toBe(8)
})

it('shows a box per option when kept so, and per colour without options', () => {
  expect(stockBoxes(values, true).map((b) => b.label)).toEqual(['Stock of Small', 'Stock of Large'])
  expect(stockBoxesSum(values, true)).toBe(9)
  const colorsOnly = { varietyType: '', varieties: values.varieties, colors: ['Teal'], colorStock: ['4'] }
  expect(stockBoxes(colorsOnly, false).map((b) => [b.name, b.label])).toEqual([['colorStock[0]', 'Stock of Teal']])
  expect(stockBoxes({ varietyType: '', colors: [] }, false)).toEqual([])
})

it('gives each colour row a price and a sale price box, named by index and labelled by names (ADR 071)', () => {
  const [first] = stockBoxes({ ...values, varieties: [{ name: 'Small', colorStock: ['3'], colorPrice: ['1249.5'] }] }, false)
  expect([first?.price, first?.sale]).toEqual([
    { name: 'varieties[0].colorPrice[0]', label: 'Price of Small, Teal', value: '1249.5' },
    { name: 'varieties[0].colorSalePrice[0]', label: 'Sale price of Small, Teal', value: '' },
  ])
  expect(stockBoxes(values, true)[0]).not.toHaveProperty('price')
})

it('shows a box per option and second option, with its own price and sale price, and by colour too (ADR 091)', () => {
  const chains = { varietyType: 'size', varieties: [{ name: 'S', combos: [{ stock: '2' }, { stock: '1', price: '1199' }] }], options2: ['Silver', 'Gold'], colors: [] }
  expect(stockBoxes(chains, false).map((b) => [b.name, b.label, b.value, b.price?.name, b.price?.value])).toEqual([
    ['varieties[0].combos[0].stock', 'Stock of S, Silver', '2', 'varieties[0].combos[0].price', ''],
    ['varieties[0].combos[1].stock', 'Stock of S, Gold', '1', 'varieties[0].combos[1].price', '1199'],
  ])
  expect(stockBoxesSum(chains, false)).toBe(3)
  const withColors = { ...chains, colors: ['Teal'], varieties: [{ name: 'S', combos: [{ colorStock: ['5'] }] }] }
  expect(stockBoxes(withColors, false).map((b) => [b.name, b.label, b.sale?.label])).toEqual([
    ['varieties[0].combos[0].colorStock[0]', 'Stock of S, Silver, Teal', 'Sale price of S, Silver, Teal'],
    ['varieties[0].combos[1].colorStock[0]', 'Stock of S, Gold, Teal', 'Sale price of S, Gold, Teal'],
  ])
  expect(stockBoxes(chains, true).map((b) => b.label)).toEqual(['Stock of S'])
})
