// Payment Links as the custom-orders room needs them (ADR 088): ask for an amount, read what became
// of a link, cancel one. Infrastructure implements it (app/infra/payment-links.server.ts: Razorpay's
// paymentLink API, and the TEST MODE links of the demo), so the domain never sees the SDK.

export type LinkStatus = 'created' | 'paid' | 'cancelled' | 'expired'

export interface GatewayLink {
  id: string
  /** Where the shopper pays. */
  shortUrl: string
  amountPaise: number
  status: LinkStatus
  /** Our key of what the link asks for, e.g. 'C1001-full' (Razorpay's reference_id). */
  referenceId: string
  /** The captured payment once paid; null before. */
  paymentId: string | null
}

export interface PaymentLinkGateway {
  /** 'razorpay' or 'test': written on the order a paid link becomes. */
  readonly name: 'razorpay' | 'test'
  createLink(input: {
    amountPaise: number
    referenceId: string
    description: string
    customer: { name: string; email: string; contact: string }
    callbackUrl: string
    /** When the link lapses (ISO); Razorpay needs it at least 15 minutes ahead. */
    expireBy: string
  }): Promise<GatewayLink>
  fetchLink(linkId: string): Promise<GatewayLink>
  cancelLink(linkId: string): Promise<void>
  /** Constant-time check of the signature the provider put on the callback's query. */
  verifyCallback(input: { linkId: string; referenceId: string; status: string; paymentId: string; signature: string }): boolean
}
