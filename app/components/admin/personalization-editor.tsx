// The product form's personalisation fields (ADR 069): up to three rows of label, kind, max length,
// required and a price add-on in rupees, added and removed with Conform's list intents (plain submit
// buttons without JS).
import { type FormMetadata, getInputProps, getSelectProps } from '@conform-to/react'
import type { z } from 'zod'
import { buttonClass } from '~/components/ui/button'
import { Input, inputClass } from '~/components/ui/field'
import { PERSONALIZATION_LIMITS } from '~/lib/personalization'
import type { productFormSchema } from '~/schemas/product-form'

type FormValues = z.input<typeof productFormSchema>

export function PersonalizationEditor({ form }: { form: FormMetadata<FormValues, string[]> }) {
  const fields = form.getFieldset()
  const rows = fields.personalFields.getFieldList()
  const small = 'h-9 text-sm'
  return (
    <fieldset className="grid gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">Personalisation</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        What the shopper types before Add to Cart, e.g. a name to engrave (at most {PERSONALIZATION_LIMITS.fields}; text up to{' '}
        {PERSONALIZATION_LIMITS.maxLength} characters).
      </p>
      {fields.personalFields.errors ? <p className="text-sm text-red-600">{fields.personalFields.errors.join(' ')}</p> : null}
      {rows.map((row, index) => {
        const field = row.getFieldset()
        const errors = [field.label, field.kind, field.maxLength, field.addOn].flatMap((f) => f.errors ?? [])
        const n = index + 1
        return (
          <div key={row.key} className="grid grid-cols-2 items-center gap-2 border-b border-zinc-100 pb-2 sm:grid-cols-[1fr_6rem_5rem_6rem_auto_auto] dark:border-zinc-800">
            <Input
              {...getInputProps(field.label, { type: 'text' })}
              key={field.label.key}
              aria-label={`Personalisation ${n} label`}
              placeholder="Label, e.g. Name to engrave"
              className={`${small} col-span-2 sm:col-span-1`}
            />
            <select {...getSelectProps(field.kind)} key={field.kind.key} aria-label={`Personalisation ${n} kind`} className={`${inputClass} ${small}`}>
              <option value="text">Text</option>
              <option value="date">Date</option>
            </select>
            <Input
              {...getInputProps(field.maxLength, { type: 'number' })}
              key={field.maxLength.key}
              aria-label={`Personalisation ${n} max length`}
              placeholder="Max"
              min="1"
              max={String(PERSONALIZATION_LIMITS.maxLength)}
              className={small}
            />
            <Input
              {...getInputProps(field.addOn, { type: 'number' })}
              key={field.addOn.key}
              aria-label={`Personalisation ${n} price add-on (₹)`}
              placeholder="+₹"
              step="0.01"
              min="0"
              className={small}
            />
            <label className="flex min-h-9 items-center gap-1 text-sm">
              <input {...getInputProps(field.required, { type: 'checkbox', value: 'on' })} key={field.required.key} />
              Required
            </label>
            <button
              {...form.remove.getButtonProps({ name: fields.personalFields.name, index })}
              className={buttonClass('ghost', 'sm', 'text-red-600')}
              aria-label={`Remove personalisation ${n}`}
            >
              ✕
            </button>
            {errors.length ? <p className="col-span-full text-xs text-red-600">{errors.join(' ')}</p> : null}
          </div>
        )
      })}
      {rows.length < PERSONALIZATION_LIMITS.fields ? (
        <button
          {...form.insert.getButtonProps({
            name: fields.personalFields.name,
            defaultValue: { label: '', kind: 'text', maxLength: '20', addOn: '' },
          })}
          className={buttonClass('outline', 'sm')}
        >
          Add personalisation
        </button>
      ) : null}
    </fieldset>
  )
}
