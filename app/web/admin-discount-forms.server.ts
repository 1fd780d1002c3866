// The admin's discount code pages (ADR 073): the form's starting values from a code, and the one
// action of new and edit (parse with the shared schema, save, back to the list with a toast; a
// refusal, such as a code already taken, comes back under its field).
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from 'react-router'
import { VARIANT_PRODUCT_PARAM } from '~/components/admin/code-variant-picker'
import type { DiscountFormValues } from '~/components/admin/discount-code-form'
import { getDb } from '~/infra/db.server'
import { DISCOUNT_KINDS, DISCOUNT_SCOPES, type ScopeVariant } from '~/lib/discounts'
import { paiseToRupees } from '~/lib/money'
import { discountCodeSchema, toDiscountInput, toScopeVariant } from '~/schemas/discount-code'
import { productChoices } from '~/domain/promotions/discount-codes.server'
import { variantChoices } from '~/domain/promotions/code-variants.server'
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
    variants: code.variants,
    firstOrderOnly: code.firstOrderOnly,
    paused: code.paused,
  }
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T => (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/**
 * The form as the owner left it when "Show its variants" sent it as a GET without JavaScript (ADR
 * 084): its fields from the query, nothing checked yet (saving checks them); null for a plain visit.
 */
function valuesFromQuery(params: URLSearchParams): DiscountFormValues | null {
  if (params.get('intent') !== 'show-variants') return null
  const get = (name: string) => (params.get(name) ?? '').slice(0, 40)
  const scope = oneOf(DISCOUNT_SCOPES, params.get('scope'), 'shop')
  return {
    code: get('code'),
    type: oneOf(DISCOUNT_KINDS, params.get('type'), 'percent'),
    value: get('value'),
    minOrder: get('minOrder'),
    startsAt: get('startsAt'),
    endsAt: get('endsAt'),
    maxUses: get('maxUses'),
    maxUsesPerUser: get('maxUsesPerUser'),
    scope,
    scopeItems: params.getAll(scope === 'categories' ? 'categories' : 'products').slice(0, 200),
    variants: params.getAll('variants').slice(0, 200).map(toScopeVariant).filter((variant): variant is ScopeVariant => variant !== null),
    firstOrderOnly: params.get('firstOrderOnly') === 'on',
    paused: params.get('paused') === 'on',
  }
}

/**
 * What the new and edit pages load: the products, the form's values (the code's, or the form as the
 * owner sent it to see a product's variants) and the products whose variants the picker lists.
 */
export async function discountFormData(request: Request, saved: DiscountFormValues | undefined) {
  const db = getDb()
  const params = new URL(request.url).searchParams
  const values = valuesFromQuery(params) ?? saved
  const picked = params.get(VARIANT_PRODUCT_PARAM)?.slice(0, 64)
  const listed = [...(values?.scope === 'variants' ? values.variants.map((variant) => variant.productId) : []), ...(picked ? [picked] : [])]
  const [products, variantPicker] = await Promise.all([productChoices(db), variantChoices(db, listed)])
  return { products, values, variantPicker }
}

/**
 * A refused post's answer with the variants of the products it named (the ticked ones' and the one
 * chosen), so the form shown again without JavaScript still lists them (ADR 084).
 */
const isData = (answer: unknown): answer is DataWithResponseInit<unknown> =>
  typeof answer === 'object' && answer !== null && (answer as { type?: unknown }).type === 'DataWithResponseInit'

async function withVariantPicker<T>(answer: T, form: FormData) {
  if (!isData(answer)) return answer
  const ticked = form.getAll('variants').slice(0, 200).map(toScopeVariant).filter((variant): variant is ScopeVariant => variant !== null)
  const picked = String(form.get(VARIANT_PRODUCT_PARAM) ?? '').slice(0, 64)
  const variantPicker = await variantChoices(getDb(), [...ticked.map((variant) => variant.productId), ...(picked ? [picked] : [])])
  return data({ ...(answer.data as object), variantPicker }, answer.init ?? undefined)
}

/** New (`id` null) or edit: saves the form's code and goes back to the list. */
export async function saveDiscountForm(request: Request, id: string | null) {
  const form = await request.formData()
  return withVariantPicker(await saveDiscount(form, id), form)
}

async function saveDiscount(form: FormData, id: string | null) {
  const submission = parseForm(form, { schema: discountCodeSchema })
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
