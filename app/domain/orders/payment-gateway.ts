// The payment gateway as the orders room needs it: the calls checkout, payment checks and refunds
// make, and the events the provider sends, in the shop's words (paise, our ids). Infrastructure
// implements it (app/infra/payment-gateway.server.ts: Razorpay and the TEST MODE gateway) and reads
// the provider's webhooks into PaymentEvent (app/infra/razorpay-webhook.server.ts), so the domain
// never sees the provider's SDK, wire format or headers.

export interface GatewayOrder {
  id: string
  amount: number
  currency: 'INR'
}

export interface GatewayPayment {
  id: string
  orderId: string
  amount: number
  currency: string
  /** The provider's payment status: only 'captured' means the money is the shop's. */
  status: string
}

/** A refund as the provider reports it. */
export interface GatewayRefund {
  id: string
  paymentId: string
  amount: number
  /** 'pending' (being paid out), 'processed' (money back) or 'failed'. */
  status: 'pending' | 'processed' | 'failed'
  /** Our stable key for the refund (the receipt we gave it), to recognise one made before a crash. */
  receipt: string | null
  /** When it was processed (ISO), when the provider says. */
  processedAt: string | null
}

export interface RefundRequest {
  /** Stable for the refund however often it is asked for: sent as receipt and in the notes. */
  idempotencyKey: string
  notes?: Record<string, string>
}

/** Our record of the order a payment claims to pay (the test gateway keeps no records of its own). */
export interface PaidOrderRef {
  gatewayOrderId: string
  amountPaise: number
}

/**
 * A call that fails throws. An error with `permanent: true` means the provider answered and refused
 * (asking again will not help); any other error (outage, network) is worth retrying.
 */
export interface PaymentGateway {
  readonly name: 'razorpay' | 'test'
  /** The public key the checkout page needs (Razorpay key id, or 'test'). */
  readonly keyId: string
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>
  /** The provider's record of a payment, to check its order, amount, currency and capture. */
  fetchPayment(paymentId: string, order: PaidOrderRef): Promise<GatewayPayment>
  /** Captures an authorized payment (the amount it was authorized for); answers the payment after. */
  capturePayment(paymentId: string, amountPaise: number): Promise<GatewayPayment>
  /** Refunds a captured payment (in full when `amountPaise` is the payment's amount). */
  createRefund(paymentId: string, amountPaise: number, request: RefundRequest): Promise<GatewayRefund>
  /** The provider's record of a refund (polling when no webhook comes). */
  fetchRefund(refundId: string): Promise<GatewayRefund>
  /** The refunds already made for a payment (to adopt one a crashed attempt made). */
  listRefunds(paymentId: string): Promise<GatewayRefund[]>
  /** Constant-time check of the signature the provider gave the browser for this order and payment. */
  verifySignature(gatewayOrderId: string, paymentId: string, signature: string): boolean
}

/** Which gateway refunds a payment taken by `name` ('razorpay', 'test', 'demo'); null when none is set up. */
export type GatewayFor = (name: string) => PaymentGateway | null

/** What a provider's event says happened, once its signature is checked and its format read. */
export type PaymentChange =
  /** Money was captured for a gateway order (amount in paise; null when the event did not say). */
  | { kind: 'payment-captured'; gatewayOrderId: string; paymentId: string; amountPaise: number | null; currency: string }
  /** A payment attempt for a gateway order failed, with the provider's reason. */
  | { kind: 'payment-failed'; gatewayOrderId: string; reason: { code?: string; description?: string } }
  /** A refund was paid out ('processed') or could not be ('failed'). */
  | { kind: 'refund-settled'; refund: GatewayRefund }
  /** Anything the shop has no use for (another event, a payment not captured, a part missing). */
  | { kind: 'none' }

/** One provider event as received: its id (one handling per id), its name and body for the record. */
export interface PaymentEvent {
  id: string
  name: string
  gatewayOrderId: string | null
  /** The body as received, kept with the record of the event. */
  rawBody: string
  change: PaymentChange
}
