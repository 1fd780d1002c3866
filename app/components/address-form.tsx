import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { INDIAN_STATES_AND_UTS, matchIndianState } from '~/lib/indian-states'
import { useHydrated } from '~/lib/use-hydrated'
import { addressFormSchema, normalizePincode, PINCODE_PATTERN } from '~/schemas/address'
import type { AddressView } from '~/domain/accounts/addresses.server'
import { Button, buttonClass } from './ui/button'
import { Field, Input, inputClass } from './ui/field'

const REQUIRED = ['addressLine', 'city', 'state', 'pincode', 'phone', 'country'] as const

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * Add or edit an address (docs/spec fields plus an optional recipient), in the order an Indian
 * shopper fills it: who and how to reach them, pincode, the address, then city and state.
 * The button waits for the required fields with JS; without JS the server checks the same schema
 * and answers next to the fields. Errors stay until the next submit, so nothing moves under a tap.
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
  // A state saved as free text before the list existed is preselected when it matches in any case.
  const savedState = editing ? (matchIndianState(editing.state) ?? '') : ''
  const [form, fields] = useForm({
    id: editing ? `address-${editing.id}` : 'address-new',
    lastResult,
    constraint: getZodConstraint(addressFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressFormSchema }),
    defaultValue: editing ? { ...editing, state: savedState } : { country: 'India' },
  })
  // What the form starts with: the reply's values after a post (the form is mounted afresh), else the saved address.
  const [filled, setFilled] = useState(() => {
    const sent = lastResult?.initialValue
    const startsWith = (name: (typeof REQUIRED)[number]) =>
      sent ? sent[name] : name === 'state' ? savedState : (editing?.[name] ?? (name === 'country' ? 'India' : ''))
    return Object.fromEntries(REQUIRED.map((name) => [name, typeof startsWith(name) === 'string' && (startsWith(name) as string).trim() !== '']))
  })
  const hydrated = useHydrated()
  const ready = !hydrated || REQUIRED.every((name) => filled[name])
  const track = (name: string) => (event: React.ChangeEvent<Control>) =>
    setFilled((current) => ({ ...current, [name]: event.target.value.trim() !== '' }))
  const fillFromPincode = usePincodeFill((name, value) => {
    form.update({ name, value })
    setFilled((current) => ({ ...current, [name]: true }))
  })
  // The pincode and state the shopper may keep after the server questioned them (address-requests.server.ts).
  const confirmed = lastResult?.initialValue?.placeConfirmed

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
      {text('name', 'Recipient name (optional)', { autoComplete: 'name', placeholder: 'If it is for someone else' })}
      <div className="grid grid-cols-2 gap-3">
        {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '10-digit mobile' })}
        {text('pincode', 'Pincode', {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          placeholder: '6 digits',
          maxLength: 9,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
            track('pincode')(event)
            fillFromPincode(event.target.value, event.target.form)
          },
        })}
      </div>
      {text('addressLine', 'Address', { placeholder: 'House no., building, street, area', autoComplete: 'address-line1' })}
      {text('landmark', 'Landmark (optional)', { autoComplete: 'address-line2', placeholder: 'Near a temple, school, shop…' })}
      <div className="grid grid-cols-2 items-start gap-3">
        {text('city', 'City', { autoComplete: 'address-level2' })}
        {/* Labelled by id, not by wrapping: a wrapping label would add the chosen option to its name. */}
        <div className="grid gap-1.5">
          <label htmlFor={fields.state.id} className="text-sm font-medium">
            State
          </label>
          <select {...getSelectProps(fields.state)} key={fields.state.key} onChange={track('state')} autoComplete="address-level1" className={inputClass}>
            <option value="">Choose…</option>
            {INDIAN_STATES_AND_UTS.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
          {fields.state.errors?.length ? (
            <p id={fields.state.errorId} className="text-sm text-red-600 dark:text-red-400">
              {fields.state.errors.join(' ')}
            </p>
          ) : null}
        </div>
      </div>
      {form.errors?.length ? (
        <p id={form.errorId} role="status" className="-mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {form.errors.join(' ')}
        </p>
      ) : null}
      {typeof confirmed === 'string' && confirmed ? <input type="hidden" name="placeConfirmed" value={confirmed} /> : null}
      {editing && !savedState && editing.state ? (
        <p className="-mt-1 text-sm text-zinc-600 dark:text-zinc-400">Saved as “{editing.state}”: please choose the state from the list.</p>
      ) : null}
      {text('country', 'Country', { autoComplete: 'country-name' })}
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

/**
 * With JS, a complete pincode fills the city and state at once from the shop's directory
 * (GET /api/shop/pincode/:pincode): a blank field, or one this hook filled before, never what the
 * shopper typed. Without JS the server fills them on the first submit.
 */
function usePincodeFill(set: (name: 'city' | 'state', value: string) => void) {
  const filledBefore = useRef<Partial<Record<'city' | 'state', string>>>({})
  const latest = useRef(0)
  return async (typed: string, form: HTMLFormElement | null) => {
    const pincode = normalizePincode(typed)
    if (!form || !PINCODE_PATTERN.test(pincode)) return
    const asked = ++latest.current
    // Every answer's body is read, a 404's too (its `errors`, no `data`): one left unread keeps its
    // request open until it is collected.
    const answer = await fetch(`/api/shop/pincode/${pincode}`)
      .then((response) => response.json())
      .catch(() => null)
    const place = answer?.data as { city?: unknown; state?: unknown } | undefined
    if (asked !== latest.current || !place) return
    for (const name of ['city', 'state'] as const) {
      const value = place[name]
      const control = form.elements.namedItem(name) as Control | null
      const now = control?.value.trim() ?? ''
      if (typeof value !== 'string' || (now !== '' && now !== filledBefore.current[name])) continue
      filledBefore.current[name] = value
      set(name, value)
    }
  }
}
