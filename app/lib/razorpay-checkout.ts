// Razorpay Standard Checkout in the browser: loads checkout.js on demand (checkout page only),
// opens it, and reports the outcome. Verification happens on our server.

interface RazorpayResponse {
  razorpay_order_id: string
  razorpay_payment_id: string
  razorpay_signature: string
}

interface RazorpayInstance {
  open(): void
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
  }
}

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js'

function loadScript(): Promise<void> {
  if (window.Razorpay) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('Razorpay Checkout could not be loaded.'))
    document.head.append(script)
  })
}

export interface StandardCheckoutOptions {
  keyId: string
  gatewayOrderId: string
  amount: number
  currency: string
  name: string
  description: string
  prefill: { name: string; email: string }
}

/** Opens Razorpay Checkout; resolves with the signed result, or null when the shopper dismissed it. */
export async function openStandardCheckout(options: StandardCheckoutOptions): Promise<RazorpayResponse | null> {
  await loadScript()
  const Razorpay = window.Razorpay
  if (!Razorpay) throw new Error('Razorpay Checkout could not be loaded.')
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: options.keyId,
      order_id: options.gatewayOrderId,
      amount: options.amount,
      currency: options.currency,
      name: options.name,
      description: options.description,
      prefill: options.prefill,
      handler: (response: RazorpayResponse) => resolve(response),
      modal: { ondismiss: () => resolve(null) },
    })
    checkout.open()
  })
}
