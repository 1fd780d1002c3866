import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { deliveryRatesSchema } from './delivery-rates'

function form(overrides: Record<string, string> = {}) {
  const data = new FormData()
  const values: Record<string, string> = { shipFrom: '560 001' }
  for (const zone of ['city', 'state', 'metro', 'national', 'special']) {
    values[`rates.${zone}.first`] = '60'
    values[`rates.${zone}.extra`] = '₹ 45.50'
    values[`rates.${zone}.days`] = '4'
  }
  for (const [name, value] of Object.entries({ ...values, ...overrides })) data.append(name, value)
  return parseWithZod(data, { schema: deliveryRatesSchema })
}

describe('deliveryRatesSchema', () => {
  it('reads rupees as typed into paise and a pincode with a space', () => {
    const result = form()
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    expect(result.value.shipFrom).toBe('560001')
    expect(result.value.rates.metro).toEqual({ first: 6000, extra: 4550, days: 4 })
  })

  it('names each bad box', () => {
    const result = form({ 'rates.special.first': '-5', 'rates.city.extra': '10.555', 'rates.state.days': '0', shipFrom: '56000' })
    expect(result.status).toBe('error')
    expect(result.status === 'error' ? result.error : null).toMatchObject({
      'rates.special.first': ['Enter the first 500 g in rupees, from 0 to 5000, e.g. 60'],
      'rates.city.extra': ['Enter each further 500 g in rupees, from 0 to 5000, e.g. 60'],
      'rates.state.days': ['Enter the working days, from 1 to 30'],
      shipFrom: ['Enter the 6-digit pincode parcels leave from'],
    })
    expect(form({ 'rates.national.first': '5000.01' }).status).toBe('error')
  })
})
