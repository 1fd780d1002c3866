// An amount in words in the Indian system (thousand, lakh, crore), as invoices print it:
// "Rupees One Thousand Four Hundred Ninety-Nine Only", "... and Ninety Paise Only".
import { splitPaise } from './money'

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

/** 0..99 in words ('Ninety-Nine'). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string
  const ones = n % 10
  return `${TENS[Math.floor(n / 10)]}${ones ? `-${ONES[ones]}` : ''}`
}

/** 1..999 in words, or '' for 0. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ')
}

/** A whole number in words in the Indian system; crores of crores repeat ('One Hundred Crore'). */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`)
  if (n === 0) return ONES[0] as string
  const crore = Math.floor(n / 10_000_000)
  const lakh = Math.floor((n % 10_000_000) / 100_000)
  const thousand = Math.floor((n % 100_000) / 1000)
  const rest = n % 1000
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** Paise as an invoice writes the amount: 'Rupees One Thousand Four Hundred Ninety-Nine Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`)
  const { rupees, paise: rest } = splitPaise(paise)
  if (rest === 0) return `Rupees ${numberInWords(rupees)} Only`
  const paiseWords = `${numberInWords(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`
  if (rupees === 0) return `${paiseWords} Only`
  return `Rupees ${numberInWords(rupees)} and ${paiseWords} Only`
}
