// The product sheet's "Weight and box" (issue 30, ADR 085): the packed piece's own weight and box,
// which price its delivery and book its courier. Each box may stay blank: the category's usual
// packed piece stands in (shown in the hint, following the category as it is picked with JS, as
// the page was drawn without). The hidden field says the boxes were on the page, so an emptied box
// clears the measure while a post without them (an older page) keeps what is stored.
import type { FormMetadata } from '@conform-to/react'
import type { z } from 'zod'
import { InputField } from '~/components/ui/input-field'
import type { Category } from '~/lib/catalog'
import { CATEGORY_PACKAGES, PACKAGE_FIELDS, PACKAGE_LABELS, PACKAGE_MAX } from '~/lib/product-package'
import type { productFormSchema } from '~/schemas/product-form'

type FormValues = z.input<typeof productFormSchema>

export function ProductPackageFields({ form, category }: { form: FormMetadata<FormValues, string[]>; category: string }) {
  const fields = form.getFieldset()
  const usual = Object.hasOwn(CATEGORY_PACKAGES, category) ? CATEGORY_PACKAGES[category as Category] : null
  return (
    <fieldset className="grid gap-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" aria-describedby="package-hint">
      <legend className="px-1 text-sm font-semibold">Weight and box</legend>
      <input type="hidden" name="packageFields" value="on" />
      <p id="package-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
        Packed for the courier. Leave a box blank to use the category's default
        {usual ? `: ${usual.deadGrams} g, ${usual.lengthCm} × ${usual.breadthCm} × ${usual.heightCm} cm.` : '.'}
      </p>
      <div className="grid grid-cols-2 items-start gap-3">
        {PACKAGE_FIELDS.map((name) => (
          <InputField
            key={name}
            label={PACKAGE_LABELS[name]}
            meta={fields[name]}
            type="number"
            step="1"
            min="1"
            max={String(PACKAGE_MAX[name])}
            inputMode="numeric"
            placeholder={usual ? String(name === 'weightGrams' ? usual.deadGrams : usual[name]) : undefined}
          />
        ))}
      </div>
    </fieldset>
  )
}
