// The admin's discount code form (ADR 073): new and edit, a plain form post with JS or without,
// every field's message under it (Conform + the one schema the /api shares).
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { CodeVariantPicker, type PickerProduct } from '~/components/admin/code-variant-picker'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { CATEGORIES } from '~/lib/catalog'
import { DISCOUNT_SCOPE_LABELS, DISCOUNT_SCOPES, type DiscountScope, type ScopeVariant } from '~/lib/discounts'
import { discountCodeSchema, toScopeVariant } from '~/schemas/discount-code'

/** The form's starting values: a code's (edit) or none (new). */
export interface DiscountFormValues {
  code: string
  type: 'percent' | 'fixed'
  value: string
  minOrder: string
  startsAt: string
  endsAt: string
  maxUses: string
  maxUsesPerUser: string
  scope: DiscountScope
  scopeItems: string[]
  /** A variants code's variants (ADR 084). */
  variants: ScopeVariant[]
  firstOrderOnly: boolean
  paused: boolean
}

const listOf = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])

/**
 * The scope and variants the owner sent, when a post came back refused (without JavaScript the page
 * renders again from the server): those, not the code's saved ones, stay chosen.
 */
function sentScope(values: DiscountFormValues | undefined, lastResult: SubmissionResult<string[]> | null | undefined) {
  const sent = lastResult?.initialValue
  if (!sent) return { scope: values?.scope ?? 'shop', variants: values?.scope === 'variants' ? values.variants : [] }
  const scope = (DISCOUNT_SCOPES as readonly unknown[]).includes(sent.scope) ? (sent.scope as DiscountScope) : 'shop'
  return { scope, variants: listOf(sent.variants).map(toScopeVariant).filter((variant): variant is ScopeVariant => variant !== null) }
}

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="text-sm text-red-600 dark:text-red-400">
      {errors.join(' ')}
    </p>
  )
}

export function DiscountCodeForm({
  values,
  products,
  variantPicker,
  lastResult,
  submitLabel,
}: {
  values?: DiscountFormValues
  products: { id: string; title: string }[]
  /** The products whose variants the picker lists. */
  variantPicker: PickerProduct[]
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    // The scope's pickers and the checkboxes take their starting state from `values` directly.
    defaultValue: values
      ? {
          code: values.code,
          type: values.type,
          value: values.value,
          minOrder: values.minOrder,
          startsAt: values.startsAt,
          endsAt: values.endsAt,
          maxUses: values.maxUses,
          maxUsesPerUser: values.maxUsesPerUser,
          scope: values.scope,
        }
      : { type: 'percent', scope: 'shop' },
    constraint: getZodConstraint(discountCodeSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discountCodeSchema }),
  })
  const sent = sentScope(values, lastResult)
  const chosenCategories = new Set(values?.scope === 'categories' ? values.scopeItems : [])
  const chosenProducts = values?.scope === 'products' ? values.scopeItems : []
  return (
    <Form method="post" className="grid max-w-xl content-start gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Code (shoppers type it in any case)" errors={fields.code.errors} errorId={fields.code.errorId}>
        <Input {...getInputProps(fields.code, { type: 'text' })} key={fields.code.key} autoCapitalize="characters" autoComplete="off" className="uppercase" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" errors={fields.type.errors} errorId={fields.type.errorId}>
          <select {...getSelectProps(fields.type)} key={fields.type.key} className={inputClass}>
            <option value="percent">Percent off</option>
            <option value="fixed">Amount off (₹)</option>
          </select>
        </Field>
        <Field label="Value (percent, or rupees off)" errors={fields.value.errors} errorId={fields.value.errorId}>
          <Input {...getInputProps(fields.value, { type: 'text' })} key={fields.value.key} inputMode="decimal" placeholder="10" />
        </Field>
      </div>
      <Field label="Minimum order (₹, of the pieces it is for; empty for none)" errors={fields.minOrder.errors} errorId={fields.minOrder.errorId}>
        <Input {...getInputProps(fields.minOrder, { type: 'text' })} key={fields.minOrder.key} inputMode="decimal" placeholder="999" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First day (India time; empty: from now)" errors={fields.startsAt.errors} errorId={fields.startsAt.errorId}>
          <Input {...getInputProps(fields.startsAt, { type: 'date' as 'text' })} key={fields.startsAt.key} />
        </Field>
        <Field label="Last day (India time; empty: no end)" errors={fields.endsAt.errors} errorId={fields.endsAt.errorId}>
          <Input {...getInputProps(fields.endsAt, { type: 'date' as 'text' })} key={fields.endsAt.key} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Total uses (empty: no limit)" errors={fields.maxUses.errors} errorId={fields.maxUses.errorId}>
          <Input {...getInputProps(fields.maxUses, { type: 'text' })} key={fields.maxUses.key} inputMode="numeric" />
        </Field>
        <Field label="Uses per shopper (empty: no limit)" errors={fields.maxUsesPerUser.errors} errorId={fields.maxUsesPerUser.errorId}>
          <Input {...getInputProps(fields.maxUsesPerUser, { type: 'text' })} key={fields.maxUsesPerUser.key} inputMode="numeric" />
        </Field>
      </div>
      <fieldset className="grid gap-2" aria-describedby={fields.scopeItems.errors ? fields.scopeItems.errorId : undefined}>
        <legend className="text-sm font-medium">For</legend>
        {DISCOUNT_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={fields.scope.name} value={scope} defaultChecked={sent.scope === scope} className="h-5 w-5" />
            {DISCOUNT_SCOPE_LABELS[scope]}
          </label>
        ))}
        <div className="grid gap-1 pl-7">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">Categories (when for some categories)</span>
          {CATEGORIES.map((category) => (
            <label key={category.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name={fields.categories.name} value={category.id} defaultChecked={chosenCategories.has(category.id)} className="h-5 w-5" />
              {category.label}
            </label>
          ))}
        </div>
        <label className="grid gap-1 pl-7 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">Products (when for some products; hold Ctrl or ⌘ to pick several)</span>
          <select name={fields.products.name} multiple defaultValue={chosenProducts} size={Math.min(8, Math.max(3, products.length))} className={`${inputClass} h-auto py-1`}>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </label>
        <Errors id={fields.scopeItems.errorId} errors={fields.scopeItems.errors} />
        <CodeVariantPicker
          name={fields.variants.name}
          products={products}
          listed={variantPicker}
          chosen={sent.variants}
          errors={fields.variants.errors}
          errorId={fields.variants.errorId}
        />
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name={fields.firstOrderOnly.name} defaultChecked={values?.firstOrderOnly ?? false} className="h-5 w-5" />
        First order only
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name={fields.paused.name} defaultChecked={values?.paused ?? false} className="h-5 w-5" />
        Paused (shoppers cannot use it)
      </label>
      <Button type="submit" className="justify-self-start" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
    </Form>
  )
}
