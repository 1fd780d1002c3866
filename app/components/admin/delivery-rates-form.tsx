// The admin's Delivery page (issue 30, ADR 082): where parcels leave from and each zone's rates, one
// card per zone (a phone stacks them), a plain form post with JS or not, each error under its box.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { ZONE_NAMES, ZONES } from '~/lib/delivery'
import { deliveryRatesSchema } from '~/schemas/delivery-rates'

/** The form's values as the page shows them: rupees and days as text. */
export interface DeliveryRatesValues {
  shipFrom: string
  /** What the page shows, sent back: what was not changed is not written. */
  shipFromShown: string
  rates: Record<(typeof ZONES)[number], { first: string; extra: string; days: string; shown: string }>
}

export function DeliveryRatesForm({ values, lastResult }: { values: DeliveryRatesValues; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: values,
    constraint: getZodConstraint(deliveryRatesSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deliveryRatesSchema }),
  })
  const rates = fields.rates.getFieldset()
  return (
    <Form method="post" className="grid max-w-3xl content-start gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name={fields.shipFromShown.name} value={values.shipFromShown} />
      <Field label="Parcels leave from (pincode)" errors={fields.shipFrom.errors} errorId={fields.shipFrom.errorId}>
        <Input {...getInputProps(fields.shipFrom, { type: 'text' })} key={fields.shipFrom.key} inputMode="numeric" maxLength={9} className="w-32" />
      </Field>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Couriers charge by zone and by the billed weight: the parcel's weight, or its box's length × breadth × height in cm ÷ 5000 in kg
        when that is more, in 500 g slabs.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {ZONES.map((zone) => {
          const rate = rates[zone].getFieldset()
          return (
            <fieldset key={zone} className="grid gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <legend className="px-1 text-sm font-semibold">{ZONE_NAMES[zone]}</legend>
              <input type="hidden" name={rate.shown.name} value={values.rates[zone].shown} />
              <div className="grid grid-cols-3 items-start gap-2">
                <Field label="First 500 g (₹)" errors={rate.first.errors} errorId={rate.first.errorId}>
                  <Input {...getInputProps(rate.first, { type: 'text' })} key={rate.first.key} inputMode="decimal" />
                </Field>
                <Field label="Each further 500 g (₹)" errors={rate.extra.errors} errorId={rate.extra.errorId}>
                  <Input {...getInputProps(rate.extra, { type: 'text' })} key={rate.extra.key} inputMode="decimal" />
                </Field>
                <Field label="Days to deliver" errors={rate.days.errors} errorId={rate.days.errorId}>
                  <Input {...getInputProps(rate.days, { type: 'number' })} key={rate.days.key} min="1" step="1" inputMode="numeric" />
                </Field>
              </div>
            </fieldset>
          )
        })}
      </div>
      <Button type="submit" className="justify-self-start" disabled={navigation.state === 'submitting'}>
        Save delivery rates
      </Button>
    </Form>
  )
}
