// The product page's 'Notify me' (app/routes/shop/product.tsx, intent=notify): an address kept for a
// sold-out choice (askForStockAlert), then back to the page with a flash; a refusal comes back as a
// Conform reply next to the email field, with what was typed.
import { getDb } from '~/infra/db.server'
import { STOCK_ALERT_MESSAGES } from '~/lib/stock-alerts'
import { askForStockAlert } from '~/domain/catalog/stock-alerts.server'
import { STOCK_ALERT_SEPARATOR } from '~/lib/stock-alerts'
import { stockAlertSchema } from '~/schemas/stock-alert'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

export function stockAlertFormAction(form: FormData, productId: string, back: string) {
  const submission = parseForm(form, { schema: stockAlertSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const [variety = '', color = '', option2 = ''] = submission.value.shelf.split(STOCK_ALERT_SEPARATOR)
  return formAction(
    async () => {
      await askForStockAlert(getDb(), { productId, variety, option2, color, email: submission.value.email })
      return redirectWithToast(back, { type: 'success', message: STOCK_ALERT_MESSAGES.saved })
    },
    { reply: { submission } },
  )
}
