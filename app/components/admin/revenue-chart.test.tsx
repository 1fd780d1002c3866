// The chart's scale and what it says to someone who cannot see the bars.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { chartCeiling, RevenueChart, shortRupees } from './revenue-chart'

describe('chartCeiling', () => {
  it('rounds the best day up to 1, 2 or 5 × 10ⁿ rupees', () => {
    expect(chartCeiling(0)).toBe(0)
    expect(chartCeiling(149_900)).toBe(200_000)
    expect(chartCeiling(100_000)).toBe(100_000)
    expect(chartCeiling(420_000)).toBe(500_000)
    expect(chartCeiling(7_000_000)).toBe(10_000_000)
  })
})

describe('shortRupees', () => {
  it('writes scale labels in Indian units', () => {
    expect(shortRupees(50_000)).toBe('₹500')
    expect(shortRupees(250_000)).toBe('₹2.5K')
    expect(shortRupees(1_000_000)).toBe('₹10K')
    expect(shortRupees(10_000_000)).toBe('₹1L')
    expect(shortRupees(2_500_000_000)).toBe('₹2.5Cr')
  })
})

describe('RevenueChart', () => {
  const days = [
    { day: '2026-11-21', revenuePaise: 0, paidOrders: 0 },
    { day: '2026-11-22', revenuePaise: 149_900, paidOrders: 1 },
    { day: '2026-11-23', revenuePaise: 50_000, paidOrders: 2 },
  ]

  it('draws one titled bar per day and sums the period in words', () => {
    const html = renderToStaticMarkup(<RevenueChart days={days} />)
    expect(html.match(/<rect/g)).toHaveLength(3)
    expect(html).toContain('22 Nov: ₹1,499.00, 1 paid order')
    expect(html).toContain('₹1,999.00 from 3 paid orders; best day 22 Nov with ₹1,499.00.')
  })

  it('says so when nothing was paid', () => {
    const html = renderToStaticMarkup(<RevenueChart days={days.map((d) => ({ ...d, revenuePaise: 0, paidOrders: 0 }))} />)
    expect(html).toContain('No paid orders in these 3 days.')
  })
})
