import { describe, expect, it } from 'vitest'
import {
  addOnPaise,
  checkPersonalization,
  cleanPersonalText,
  isCalendarDate,
  type PersonalizationField,
  personalizationKey,
  personalizationWords,
  readPersonalization,
  readPersonalizationFields,
} from './personalization'

const fields: PersonalizationField[] = [
  { label: 'Name', kind: 'text', maxLength: 8, required: true, pricePaise: 5000 },
  { label: 'Date', kind: 'date', maxLength: 10, required: false, pricePaise: 2500 },
]

describe('cleanPersonalText', () => {
  it('keeps Hindi and Tamil (joiners included), NFC and trimmed', () => {
    expect(cleanPersonalText('  प्रिया ')).toBe('प्रिया')
    expect(cleanPersonalText('க்\u200Dஷ')).toBe('க்\u200Dஷ')
    expect(cleanPersonalText('Rene\u0301e')).toBe('Ren\u00e9e')
  })

  it('refuses control characters and bidi overrides', () => {
    for (const bad of ['a\u0000b', 'a\nb', 'a\u0085b', 'a\u202Eb', 'a\u2066b', 'a\u200Fb', 'a\u061Cb']) expect(cleanPersonalText(bad), JSON.stringify(bad)).toBeNull()
  })
})

describe('checkPersonalization', () => {
  it('answers the values in field order, blank optional ones left out', () => {
    expect(checkPersonalization(fields, { Date: '', Name: ' Asha ' })).toEqual({ values: { Name: 'Asha' }, errors: {} })
    const both = checkPersonalization(fields, { Date: '2028-02-29', Name: 'Asha' })
    expect(Object.keys(both.values)).toEqual(['Name', 'Date'])
  })

  it('counts letters as code points, so a Tamil name of 8 fits 8', () => {
    expect(checkPersonalization(fields, { Name: 'தமிழ்மணி' }).errors).toEqual({})
    expect(checkPersonalization(fields, { Name: 'Priyanka S' }).errors).toEqual({ Name: 'Name can be at most 8 characters.' })
  })

  it('names each problem by label', () => {
    expect(checkPersonalization(fields, { Date: '2027-02-29', Extra: 'x' }).errors).toEqual({
      '': 'This piece has no personalisation called Extra.',
      Name: 'Please fill in Name.',
      Date: 'Date must be a date (YYYY-MM-DD).',
    })
  })
})

describe('the stored forms', () => {
  it('keys a line by its values, none as the empty text, and reads them back', () => {
    expect(personalizationKey({})).toBe('')
    const key = personalizationKey({ Name: 'Asha', Date: '2026-02-14' })
    expect(readPersonalization(key)).toEqual({ Name: 'Asha', Date: '2026-02-14' })
    expect(readPersonalization('')).toEqual({})
    expect(readPersonalization('{broken')).toEqual({})
    expect(personalizationWords(readPersonalization(key))).toEqual(['Name: Asha', 'Date: 2026-02-14'])
  })

  it('adds the filled fields\u2019 prices only', () => {
    expect(addOnPaise(fields, { Name: 'Asha' })).toBe(5000)
    expect(addOnPaise(fields, { Name: 'Asha', Date: '2026-02-14' })).toBe(7500)
  })

  it('reads fields back, anything unreadable as none', () => {
    expect(readPersonalizationFields(JSON.stringify(fields))).toEqual(fields)
    expect(readPersonalizationFields('[]')).toEqual([])
    expect(readPersonalizationFields('nope')).toEqual([])
  })

  it('knows a real date', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('2027-2-1')).toBe(false)
  })
})
