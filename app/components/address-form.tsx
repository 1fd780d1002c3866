import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { useHydrated } from '~/lib/use-hydrated'
import { addressSchema } from '~/schemas/address'
import type { AddressView } from '~/services/addresses.server'
import { Button, buttonClass } from './ui/button'
import { Field, Input } from './ui/field'

const REQUIRED = ['addressLine', 'city', 'state', 'pincode', 'phone', 'country'] as const

/**
 * Add or edit an address (SPEC.md fields). The button waits for the required fields with JS;
 * without JS the server checks the same schema and answers next to the fields.
 */
export function AddressForm({
  lastResult,
  editing,
  cancelHref,
}: {
  lastResult?: SubmissionResult<string[]> | null
  editing?: AddressView | null
  cancelHref?: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: editing ? `address-${editing.id}` : 'address-new',
    lastResult,
    constraint: getZodConstraint(addressSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
    defaultValue: editing ?? { country: 'India' },
  })
  const [filled, setFilled] = useState(() =>
    Object.fromEntries(REQUIRED.map((name) => [name, Boolean(editing?.[name] ?? (name === 'country' ? 'India' : ''))])),
  )
  const hydrated = useHydrated()
  const ready = !hydrated || REQUIRED.every((name) => filled[name])
  const track = (name: string) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setFilled((current) => ({ ...current, [name]: event.target.value.trim() !== '' }))

  const text = (name: keyof typeof fields, label: string, extra: Record<string, unknown> = {}) => {
    const field = fields[name]
    return (
      <Field label={label} errors={field.errors} errorId={field.errorId}>
        <Input {...getInputProps(field, { type: 'text' })} key={field.key} onChange={track(name)} {...extra} />
      </Field>
    )
  }

  return (
    <Form method="post" className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={editing ? 'address-update' : 'address-add'} />
      {editing ? <input type="hidden" name="addressId" value={editing.id} /> : null}
      {text('addressLine', 'Address', { placeholder: 'House, street, area', autoComplete: 'street-address' })}
      <div className="grid gap-3 sm:grid-cols-2">
        {text('city', 'City', { autoComplete: 'address-level2' })}
        {text('state', 'State', { autoComplete: 'address-level1' })}
        {text('pincode', 'Pincode', { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '6 digits' })}
        {text('phone', 'Phone', { inputMode: 'tel', autoComplete: 'tel', placeholder: '10-digit mobile' })}
        {text('country', 'Country', { autoComplete: 'country-name' })}
        {text('landmark', 'Landmark (optional)')}
      </div>
      <Field label="Notes (optional)" errors={fields.notes.errors} errorId={fields.notes.errorId}>
        <textarea
          {...getInputProps(fields.notes, { type: 'text' })}
          key={fields.notes.key}
          rows={2}
          className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base dark:border-zinc-700 dark:bg-zinc-900"
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={!ready || navigation.state === 'submitting'} className="flex-1">
          {editing ? 'Edit' : 'Add'}
        </Button>
        {editing && cancelHref ? (
          <Link to={cancelHref} className={buttonClass('outline')}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
