// The product sheet's facts for the product page (issue 32, ADR 083): the country of origin, and the
// materials when the product is jewellery (as the category stands: with JS as it is picked, without
// JS as the page was drawn; a save of another category clears the materials, and an emptied country
// is India: toProductInput).
import type { FormMetadata } from '@conform-to/react'
import type { z } from 'zod'
import { InputField } from '~/components/ui/input-field'
import { asksMaterials, DEFAULT_COUNTRY_OF_ORIGIN, PRODUCT_FACTS_LIMITS } from '~/lib/product-facts'
import type { productFormSchema } from '~/schemas/product-form'

type FormValues = z.input<typeof productFormSchema>

export function ProductFactsFields({ form, category }: { form: FormMetadata<FormValues, string[]>; category: string }) {
  const fields = form.getFieldset()
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <InputField
        label="Country of origin"
        meta={fields.countryOfOrigin}
        type="text"
        maxLength={PRODUCT_FACTS_LIMITS.countryOfOrigin}
        placeholder={DEFAULT_COUNTRY_OF_ORIGIN}
        autoComplete="off"
      />
      {asksMaterials(category) ? (
        <InputField
          label="Materials"
          meta={fields.materials}
          type="text"
          maxLength={PRODUCT_FACTS_LIMITS.materials}
          placeholder="e.g. Epoxy resin, dried flowers, 925 silver hook"
          autoComplete="off"
        />
      ) : null}
    </div>
  )
}
