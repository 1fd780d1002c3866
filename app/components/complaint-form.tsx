// The complaint form (/shop/complaint, ADR 089): contact details, an order (a signed-in shopper picks
// one of hers) and the complaint. A plain post without JS; with JS, Conform checks the fields first.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { z } from 'zod'
import { complaintSchema } from '~/schemas/complaint'
import { Button } from './ui/button'
import { Field, FormError, Input, inputClass } from './ui/field'

export interface ComplaintOrderChoice {
  id: string
  label: string
}

export function ComplaintForm({
  lastResult,
  prefill,
  orders,
}: {
  lastResult?: SubmissionResult<string[]> | null
  prefill: { name: string; email: string } | null
  /** A signed-in shopper's orders to choose from; null for a visitor (no order field). */
  orders: ComplaintOrderChoice[] | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof complaintSchema>, z.output<typeof complaintSchema>>({
    id: 'complaint',
    lastResult,
    constraint: getZodConstraint(complaintSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complaintSchema }),
    defaultValue: prefill ?? undefined,
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Name" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} autoComplete="name" />
      </Field>
      <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
        <Input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} autoComplete="email" />
      </Field>
      <Field label="Phone (optional)" errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <Input
          {...getInputProps(fields.phone, { type: 'tel' })}
          key={fields.phone.key}
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
        />
      </Field>
      {orders ? (
        <Field label="Order (optional)" errors={fields.orderId.errors} errorId={fields.orderId.errorId}>
          <select {...getSelectProps(fields.orderId)} key={fields.orderId.key} className={inputClass}>
            <option value="">Not about an order</option>
            {orders.map((order) => (
              <option key={order.id} value={order.id}>
                {order.label}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Field label="Your complaint" errors={fields.message.errors} errorId={fields.message.errorId}>
        <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={6} className={`${inputClass} h-auto py-2`} />
      </Field>
      <Button type="submit" disabled={navigation.state === 'submitting'}>
        Send Complaint
      </Button>
    </Form>
  )
}
