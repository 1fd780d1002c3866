/** What a shopper is told about a payment (docs/spec/errors.md). */
export const PAYMENT_MESSAGES = {
  success: 'Payment Successful!',
  verificationFailed: 'Payment Verification Failed.',
  error: 'An error occurred during payment verification.',
  cancelled: 'Payment Cancelled.',
} as const
