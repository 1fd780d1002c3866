// The admin's discount code pages (ADR 073): the form's starting values from a code, and the one
// action of new and edit (parse with the shared schema, save, back to the list with a toast; a
// refusal, such as a code already taken, comes back under its field).
import type { DiscountFormValues } from '~/components/admin/discount-code-form'
import { getDb } from '~/infra/db.server'
import { paiseToRupees } from '~/lib/money'
import { discountCodeSchema, toDiscountInput } from '~/schemas/discount-code'
import {
  createDiscountCode,
  DISCOUNT_ADMIN_MESSAGES,
  type DiscountCodeView,
  setDiscountPaused,
  updateDiscountCode,
} from '~/domain/promotions/discount-codes.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

const rupees = (paise: number) => String(paiseToRupees(paise))

export function toDiscountFormValues(code: DiscountCodeView): DiscountFormValues {
  return {
    code: code.code,
    type: code.kind,
    value: code.kind === 'percent' ? String(code.value) : rupees(code.value),
    minOrder: code.minOrderPaise > 0 ? rupees(code.minOrderPaise) : '',
    startsAt: code.startsOn ?? '',
    endsAt: code.endsOn ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    maxUsesPerUser: code.maxUsesPerUser === null ? '' : String(code.maxUsesPerUser),
    scope: code.scope,
    scopeItems: code.scopeItems,
    firstOrderOnly: code.firstOrderOnly,
    paused: code.paused,
  }
}

/** New (`id` null) or edit: saves the form's code and goes back to the list. */
export async function saveDiscountForm(request: Request, id: string | null) {
  const submission = parseForm(await request.formData(), { schema: discountCodeSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      const db = getDb()
      const input = toDiscountInput(submission.value)
      const saved = id ? await updateDiscountCode(db, id, input) : await createDiscountCode(db, input)
      const message = id ? DISCOUNT_ADMIN_MESSAGES.saved(saved.code) : DISCOUNT_ADMIN_MESSAGES.created(saved.code)
      return redirectWithToast('/admin/discounts', { type: 'success', message })
    },
    { reply: { submission } },
  )
}

/** The list's Pause / Resume buttons. */
export async function pauseDiscountForm(request: Request) {
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  const paused = form.get('intent') === 'pause'
  return formAction(
    async () => {
      const code = await setDiscountPaused(getDb(), id, paused)
      const message = paused ? DISCOUNT_ADMIN_MESSAGES.paused(code.code) : DISCOUNT_ADMIN_MESSAGES.resumed(code.code)
      return redirectWithToast('/admin/discounts', { type: 'success', message })
    },
    { flash: '/admin/discounts' },
  )
}
