// Where Razorpay (or the TEST MODE page) sends the shopper after paying an exchange's difference (ADR
// 105): the signed query settles it once (the webhook and the poll may have already), then back to her order.
import { exchangeLinkCallback } from '~/web/exchange-pages.server'
import type { Route } from './+types/exchange-paid'

export function loader({ request }: Route.LoaderArgs) {
  return exchangeLinkCallback(new URL(request.url))
}
