// GET /shop/payment/cancel: the shopper closed the payment page; the order stays payable.
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { redirectWithToast } from '~/web/toast/toast.server'

export function loader() {
  return redirectWithToast('/shop/checkout', { type: 'error', message: PAYMENT_MESSAGES.cancelled })
}
