/** What a shopper is told about a payment (docs/spec/errors.md). */
export const PAYMENT_MESSAGES = {
  success: 'Payment Successful!',
  verificationFailed: 'Payment Verification Failed.',
  error: 'An error occurred during payment verification.',
  cancelled: 'Payment Cancelled.',
  /** Paid, but the stock ran out first (its hold had ended): the order is rejected and refunded. */
  unfillable: 'Payment received, but the last piece went to another shopper first: your order could not be filled and your money is being refunded in full.',
} as const
