// The custom-order request form (/shop/custom-order): contact details, the piece, the budget, the
// needed-by date and up to three reference photos, posted as one multipart form (no JS needed).
// With JS, Conform checks the fields before the post; the server checks them again, and the photos.
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { z } from 'zod'
import { CUSTOM_ORDER_LIMITS, CUSTOM_ORDER_MESSAGES } from '~/lib/custom-orders'
import { MAX_UPLOAD_MB } from '~/lib/images'
import { customOrderSchema } from '~/schemas/custom-order'
import { Button } from './ui/button'
import { photoFieldErrors, usePhotoChoice } from './use-photo-choice'
import { Field, FormError, Input, inputClass } from './ui/field'

export interface CustomOrderPrefill {
  name: string
  email: string
  phone: string
}

const hintClass = 'text-xs font-normal text-zinc-600 dark:text-zinc-400'

export function CustomOrderForm({
  lastResult,
  prefill,
  minDate,
}: {
  lastResult?: SubmissionResult<string[]> | null
  prefill: CustomOrderPrefill | null
  /** The first day that may be asked for (tomorrow, India). */
  minDate: string
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof customOrderSchema>, z.output<typeof customOrderSchema>>({
    id: 'custom-order',
    lastResult,
    constraint: getZodConstraint(customOrderSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customOrderSchema }),
    defaultValue: prefill ?? undefined,
  })
  const photos = usePhotoChoice(lastResult, {
    maxFiles: CUSTOM_ORDER_LIMITS.photos,
    maxBytes: CUSTOM_ORDER_LIMITS.photoBytes,
    tooMany: CUSTOM_ORDER_MESSAGES.tooManyPhotos,
    tooLarge: CUSTOM_ORDER_MESSAGES.photosTooLarge,
  })
  const photoErrors = photoFieldErrors(photos, lastResult?.error?.photos)
  const cameBack = lastResult?.status === 'error'
  const field = (name: 'name' | 'phone' | 'email' | 'occasion' | 'budget', label: string, extra: Record<string, unknown>) => (
    <Field label={label} errors={fields[name].errors} errorId={fields[name].errorId}>
      <Input {...getInputProps(fields[name], { type: 'text' })} key={fields[name].key} {...extra} />
    </Field>
  )
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">How can we reach you?</legend>
        {field('name', 'Name', { autoComplete: 'name' })}
        {field('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+91 98765 43210' })}
        <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} autoComplete="email" />
        </Field>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Your piece</legend>
        <Field label="What would you like?" errors={fields.description.errors} errorId={fields.description.errorId}>
          <span className={hintClass}>The piece, its size and colours, names or dates on it, flowers you will send…</span>
          <textarea
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            rows={5}
            className={`${inputClass} h-auto py-2`}
          />
        </Field>
        {field('occasion', 'Occasion (optional)', { placeholder: 'Wedding, birthday, anniversary…' })}
        {field('budget', 'Budget in rupees', { inputMode: 'decimal', placeholder: 'e.g. 2500' })}
        <Field label="Needed by" errors={fields.neededBy.errors} errorId={fields.neededBy.errorId}>
          <Input {...getInputProps(fields.neededBy, { type: 'date' })} key={fields.neededBy.key} min={minDate} />
        </Field>
        <Field label={`Reference photos (optional, up to ${CUSTOM_ORDER_LIMITS.photos})`} errors={photoErrors} errorId="custom-order-photos-error">
          <span className={hintClass}>
            JPEG, PNG, WebP, AVIF or GIF, {MAX_UPLOAD_MB} MB in all.
            {/* With JS the chosen photos stay in the field when the form comes back. */}
            {cameBack ? <span className="no-js-only"> Photos are not kept when the form comes back: please choose them again.</span> : null}
          </span>
          <input
            type="file"
            name="photos"
            accept="image/*"
            multiple
            onChange={photos.onChange}
            aria-invalid={photoErrors ? true : undefined}
            aria-describedby={photoErrors ? 'custom-order-photos-error' : undefined}
            className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:text-sm file:font-medium dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
          />
        </Field>
      </fieldset>
      <Button type="submit" disabled={navigation.state === 'submitting' || photos.preparing}>
        {photos.preparing ? 'Preparing photos…' : 'Send Request'}
      </Button>
    </Form>
  )
}
