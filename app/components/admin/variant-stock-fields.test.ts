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
