// The payment-failed page's words, apart from payment-messages.ts: the checkout's script carries
// those, and these are read on one page only.

/** What became of a payment, as our records say (app/domain/orders/payment-outcome.server.ts). */
export type PaymentOutcome = 'failed' | 'unconfirmed' | 'paid' | 'refunding' | 'refunded'

/** The payment-failed page's words for each outcome (issue 28: what happened, whether money was taken, what next). */
export const PAYMENT_OUTCOME_TEXT: Record<PaymentOutcome, { said: string; money: string }> = {
  failed: {
    said: 'Your payment did not go through.',
    money: 'No money was taken from your account. Your cart is kept: try again, or choose another card, UPI app or bank.',
  },
  unconfirmed: {
    said: 'We have not heard from Razorpay about this payment yet.',
    money: 'If money left your account, Razorpay tells us within minutes: your order is then confirmed, or, if it cannot be filled, the money is refunded in full. Otherwise no money was taken, and you can try again.',
  },
  paid: {
    said: 'Your payment went through after all.',
    money: 'Razorpay took the payment and your order is confirmed: there is nothing more to pay.',
  },
  refunding: {
    said: 'Razorpay took the payment, but the order could not be filled.',
    money: 'The money is being refunded in full to the card, UPI app or bank it came from (5 to 7 working days).',
  },
  refunded: {
    said: 'Razorpay took the payment, and it has been refunded.',
    money: 'The refund is on its way to the card, UPI app or bank it came from.',
  },
}
