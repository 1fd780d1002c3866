/** What a shopper is told about a payment (SPEC.md section 8). */
export const PAYMENT_MESSAGES = {
  success: 'Payment Successful!',
  verificationFailed: 'Payment Verification Failed.',
  error: 'An error occurred during payment verification.',
  cancelled: 'Payment Cancelled.',
} as const
