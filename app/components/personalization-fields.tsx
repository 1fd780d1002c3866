// The product page's personalisation boxes (ADR 069): one per field the piece asks for, named by
// position (a label may hold any character), native limits first (required, maxlength, type=date);
// the cart checks them again and answers a refusal next to the box.
import { fieldMaxLength, type PersonalizationField, personalizationFieldName } from '~/lib/personalization'
import { formatPaise } from '~/lib/money'

export function PersonalizationFields({
  formId,
  fields,
  values,
  errors,
}: {
  formId: string
  fields: readonly PersonalizationField[]
  /** What the shopper typed before a refused post (no JS). */
  values?: readonly string[]
  errors?: Record<string, string[] | null | undefined>
}) {
  if (fields.length === 0) return null
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Personalise it</legend>
      {fields.map((field, index) => {
        const name = personalizationFieldName(index)
        const id = `${formId}-${name}`
        const error = errors?.[name]?.[0]
        const hint = [field.required ? '' : 'optional', field.pricePaise ? `+${formatPaise(field.pricePaise)}` : ''].filter(Boolean).join(', ')
        return (
          <div key={field.label} className="grid gap-1">
            <label htmlFor={id} className="text-sm">
              {field.label}
              {hint ? <span className="text-zinc-500 dark:text-zinc-400"> ({hint})</span> : null}
            </label>
            <input
              id={id}
              name={name}
              form={formId}
              type={field.kind === 'date' ? 'date' : 'text'}
              required={field.required}
              maxLength={fieldMaxLength(field)}
              defaultValue={values?.[index] ?? ''}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="min-h-11 rounded-md border border-zinc-300 bg-white px-3 text-base dark:border-zinc-700 dark:bg-zinc-900"
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        )
      })}
    </fieldset>
  )
}
