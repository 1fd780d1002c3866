// Exchanges (issue 31, ADR 105): a return line swapped for the same product in another option or
// colour. The words the shopper and the owner read, and the view the order page and /api show.
import { formatPaise } from './money'

/** What the new piece is: the option (variety), the second option and the colour; '' for none. */
export interface ExchangeChoice {
  variety: string
  option2: string
  color: string
}

/** How an exchange stands: waiting for the return's approval, its difference, the replacement, done. */
export const EXCHANGE_STAGES = ['asked', 'toPay', 'toSettle', 'replaced'] as const
export type ExchangeStage = (typeof EXCHANGE_STAGES)[number]

export interface ExchangeView {
  line: number
  quantity: number
  choice: ExchangeChoice
  /** The new piece's words ('M · Blue'). */
  choiceWords: string
  newUnitPaise: number
  paidPaise: number
  /** > 0: the shopper pays it by a Payment Link; < 0: it is refunded; 0: nothing moves. */
  differencePaise: number
  stockHeld: boolean
  link: { url: string; status: 'created' | 'paid' | 'cancelled' | 'expired' } | null
  replacementOrderId: string | null
  replacementOrderNumber: number | null
}

/** One option a shopper may exchange a line for, priced now against what she paid. */
export interface ExchangeOption {
  choice: ExchangeChoice
  words: string
  /** `${variety}|${option2}|${color}`: the select's value. */
  value: string
  newUnitPaise: number
  /** For one piece: new price less what one returned piece paid. */
  differencePaise: number
}

export function choiceWords(choice: ExchangeChoice): string {
  return [choice.variety, choice.option2, choice.color].filter(Boolean).join(' · ') || 'Standard'
}

export function choiceValue(choice: ExchangeChoice): string {
  return [choice.variety, choice.option2, choice.color].join('|')
}

/** The select's value back into a choice; null for '' (a refund) or anything malformed. */
export function parseChoiceValue(value: string): ExchangeChoice | null {
  const parts = value.split('|')
  if (parts.length !== 3 || value.length > 300) return null
  const [variety, option2, color] = parts as [string, string, string]
  return { variety, option2, color }
}

/** The difference in words, either way. */
export function differenceWords(differencePaise: number): string {
  if (differencePaise > 0) return `you pay ${formatPaise(differencePaise)} more`
  if (differencePaise < 0) return `we refund ${formatPaise(-differencePaise)}`
  return 'same price'
}

export const EXCHANGE_MESSAGES = {
  sameChoice: 'Choose another size or colour than the one you have.',
  unknownChoice: 'That size or colour is not sold for this piece.',
  outOfStock: 'That size or colour is out of stock.',
  oneLine: 'One piece can be exchanged per return: ask for the other exchange separately.',
  noneToExchange: 'This piece cannot be exchanged.',
  outOfStockOnApproval: "The new piece of this exchange is out of stock: decline the exchange or ask the shopper.",
  settleInstead: 'This return is an exchange: settle the exchange instead of refunding it.',
  notReceived: 'The exchange is settled once the returned piece is received.',
  awaitingPayment: "The exchange waits for the shopper's payment of the difference.",
  noLinkNeeded: 'This exchange has nothing to pay.',
  linkNotYet: 'The difference can be paid once the exchange is approved.',
  settled: 'Exchange settled: the replacement order is made.',
  paid: 'Thank you: the difference is paid.',
}
