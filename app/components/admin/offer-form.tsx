// The admin's automatic offer form (ADR 078): new and edit, a plain form post with JS or without,
// every field's message under it (Conform + the one schema the /api shares).
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { CATEGORIES } from '~/lib/catalog'
import { MAX_OFFER_PERCENT, OFFER_KIND_LABELS, OFFER_KINDS, type OfferKind, type OfferScope } from '~/lib/offers'
import { offerSchema } from '~/schemas/offer'

/** The form's starting values: an offer's (edit) or none (new). Dates in India time, as datetime-local shows them. */
export interface OfferFormValues {
  name: string
  kind: OfferKind
  percent: string
  minOrder: string
  scope: OfferScope
  /** Category ids or product ids, by the scope. */
  scopeItems: string[]
  startsAt: string
  endsAt: string
  paused: boolean
  stackable: boolean
}

export function OfferForm({
  values,
  products,
  lastResult,
  submitLabel,
}: {
  values?: OfferFormValues
  products: { id: string; title: string }[]
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: values
      ? { name: values.name, kind: values.kind, percent: values.percent, minOrder: values.minOrder, startsAt: values.startsAt, endsAt: values.endsAt }
      : { kind: 'percent_off' },
    constraint: getZodConstraint(offerSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerSchema }),
  })
  const chosen = new Set(values?.scope === 'categories' ? values.scopeItems : [])
  const chosenProducts = values?.scope === 'products' ? values.scopeItems : []
  return (
    <Form method="post" className="grid max-w-xl content-start gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Name (shoppers see it in the cart)" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} placeholder="Diwali sale" />
      </Field>
      <Field label="Kind" errors={fields.kind.errors} errorId={fields.kind.errorId}>
        <select {...getSelectProps(fields.kind)} key={fields.kind.key} className={inputClass}>
          {OFFER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {OFFER_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`Percent off (1 to ${MAX_OFFER_PERCENT}; for a percentage off)`} errors={fields.percent.errors} errorId={fields.percent.errorId}>
          <Input {...getInputProps(fields.percent, { type: 'text' })} key={fields.percent.key} inputMode="numeric" placeholder="15" />
        </Field>
        <Field label="Free delivery from (₹; for free delivery)" errors={fields.minOrder.errors} errorId={fields.minOrder.errorId}>
          <Input {...getInputProps(fields.minOrder, { type: 'text' })} key={fields.minOrder.key} inputMode="decimal" placeholder="999" />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Starts (India time)" errors={fields.startsAt.errors} errorId={fields.startsAt.errorId}>
          <Input {...getInputProps(fields.startsAt, { type: 'datetime-local' as 'text' })} key={fields.startsAt.key} />
        </Field>
        <Field label="Ends (India time)" errors={fields.endsAt.errors} errorId={fields.endsAt.errorId}>
          <Input {...getInputProps(fields.endsAt, { type: 'datetime-local' as 'text' })} key={fields.endsAt.key} />
        </Field>
      </div>
      <fieldset className="grid gap-2" aria-describedby={fields.scopeItems.errors ? fields.scopeItems.errorId : undefined}>
        <legend className="text-sm font-medium">A percentage off is for</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={fields.scope.name} value="shop" defaultChecked={(values?.scope ?? 'shop') === 'shop'} className="h-5 w-5" />
          The whole shop
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={fields.scope.name} value="categories" defaultChecked={values?.scope === 'categories'} className="h-5 w-5" />
          Some categories
        </label>
        <div className="grid gap-1 pl-7">
          {CATEGORIES.map((category) => (
            <label key={category.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name={fields.categories.name} value={category.id} defaultChecked={chosen.has(category.id)} className="h-5 w-5" />
              {category.label}
            </label>
          ))}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={fields.scope.name} value="products" defaultChecked={values?.scope === 'products'} className="h-5 w-5" />
          Some products
        </label>
        <label className="grid gap-1 pl-7 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">Products (hold Ctrl or ⌘ to pick several)</span>
          <select name={fields.products.name} multiple defaultValue={chosenProducts} size={Math.min(8, Math.max(3, products.length))} className={`${inputClass} h-auto py-1`}>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </label>
        {fields.scopeItems.errors?.length ? (
          <p id={fields.scopeItems.errorId} className="text-sm text-red-600 dark:text-red-400">
            {fields.scopeItems.errors.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name={fields.stackable.name} defaultChecked={values?.stackable ?? false} className="h-5 w-5" />
        A discount code applies on top (else shoppers get the better of the two)
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name={fields.paused.name} defaultChecked={values?.paused ?? false} className="h-5 w-5" />
        Paused
      </label>
      <Button type="submit" className="justify-self-start" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
    </Form>
  )
}
