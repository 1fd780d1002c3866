import { describe, expect, it } from 'vitest'
import { amountInWords, numberInWords } from './amount-in-words'

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [149_900, 'Rupees One Thousand Four Hundred Ninety-Nine Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [1_234_567_890, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only'],
    [50, 'Fifty Paise Only'],
    [1, 'One Paisa Only'],
    [101, 'Rupees One and One Paisa Only'],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [1_100_000_000_000, 'Rupees One Thousand One Hundred Crore Only'],
    [2_000_500, 'Rupees Twenty Thousand Five Only'],
    [1_170_000, 'Rupees Eleven Thousand Seven Hundred Only'],
  ])('%i paise -> %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words)
  })

  it('writes the tens with a hyphen and the teens as one word', () => {
    expect(numberInWords(15)).toBe('Fifteen')
    expect(numberInWords(40)).toBe('Forty')
    expect(numberInWords(99)).toBe('Ninety-Nine')
    expect(numberInWords(999_999_999)).toBe('Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine')
  })

  it('refuses fractions and negatives', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError)
    expect(() => amountInWords(-100)).toThrow(RangeError)
  })
})
