// The product form's stock per option and colour (ADR 067): a switch, then one number box per option,
// option and colour, or colour; boxes are named by index, their labels by the option's and colour's names.
// A variant's row also has its own price, sale price and making days (issue 27; empty: inherited).
import { type FormMetadata, getInputProps } from '@conform-to/react'
import type { z } from 'zod'
import { buttonClass } from '~/components/ui/button'
import { Input } from '~/components/ui/field'
import { stockBoxLabel, stockGridShape } from '~/lib/variant-stock-grid'
import { DISPATCH_LIMITS } from '~/lib/dispatch'
import type { productFormSchema } from '~/schemas/product-form'

type FormValues = z.input<typeof productFormSchema>
type Values = Record<string, unknown>

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const text = (value: unknown) => (typeof value === 'string' ? value : '')
const count = (value: unknown) => (/^\d{1,9}$/.test(text(value)) ? Number(value) : 0)

/** A box of the grid: its field name, accessible name and value as typed. */
type Box = { name: string; label: string; value: string }

/**
 * The boxes the grid shows for the form's current values: name, label and typed value of each; a
 * colour's row also has its own price and sale price (ADR 071; empty: the option's or the product's).
 */
export function stockBoxes(values: Values, byOptionOnly: boolean): (Box & { price?: Box; sale?: Box; days?: Box })[] {
  const colors = list(values.colors).map(text)
  const options = values.varietyType ? list(values.varieties).map((v) => (v ?? {}) as Values) : []
  const options2 = list(values.options2).map(text)
  const shape = stockGridShape(options.length, colors.length, byOptionOnly, options2.length)
  const row = (at: Values, prefix: string, option: string | undefined, j: number, option2?: string) => {
    const label = stockBoxLabel(option, colors[j] || `colour ${j + 1}`, option2)
    const box = (field: string, name: string) => ({ name: `${prefix}${field}[${j}]`, label: label.replace('Stock', name), value: text(list(at[field])[j]) })
    return { ...box('colorStock', 'Stock'), price: box('colorPrice', 'Price'), sale: box('colorSalePrice', 'Sale price'), days: box('colorDays', 'Making days') }
  }
  if (shape === 'color') return colors.map((_, j) => row(values, '', undefined, j))
  return options.flatMap((option, i) => {
    const name = text(option.name) || `option ${i + 1}`
    if (shape === 'option') return [{ name: `varieties[${i}].stock`, label: stockBoxLabel(name, undefined), value: text(option.stock) }]
    if (shape === 'option2' || shape === 'option2Color') {
      // A cell per second option (ADR 091): its stock and own prices, or a row of colours.
      const cells = list(option.combos)
      return options2.flatMap((option2Name, k) => {
        const cell = (cells[k] ?? {}) as Values
        const second = option2Name || `second option ${k + 1}`
        const prefix = `varieties[${i}].combos[${k}].`
        if (shape === 'option2Color') return colors.map((_, j) => row(cell, prefix, name, j, second))
        const label = stockBoxLabel(name, undefined, second)
        const box = (field: string, word: string) => ({ name: `${prefix}${field}`, label: label.replace('Stock', word), value: text(cell[field]) })
        return [{ ...box('stock', 'Stock'), price: box('price', 'Price'), sale: box('salePrice', 'Sale price'), days: box('days', 'Making days') }]
      })
    }
    return colors.map((_, j) => row(option, `varieties[${i}].`, name, j))
  })
}

/** The sum of the grid's boxes as typed (what Total Stock shows while the switch is on). */
export function stockBoxesSum(values: Values, byOptionOnly: boolean): number {
  return stockBoxes(values, byOptionOnly).reduce((sum, box) => sum + count(box.value), 0)
}

/**
 * The switch and the grid. Without JS, ticking the switch shows the grid after "Show stock per
 * option" (a Conform validate intent: the page comes back with the boxes, nothing saved).
 */
export function VariantStockFields({ form, values, hydrated }: { form: FormMetadata<FormValues, string[]>; values: Values; hydrated: boolean }) {
  const fields = form.getFieldset()
  const on = text(values.variantStock) === 'on'
  const byOptionOnly = text(fields.stockByOption.initialValue) === 'on'
  const boxes = on ? stockBoxes(values, byOptionOnly) : []
  const errors = form.allErrors
  return (
    <fieldset className="grid gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">Stock per option / colour</legend>
      {byOptionOnly ? <input type="hidden" name={fields.stockByOption.name} value="on" /> : null}
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.variantStock, { type: 'checkbox', value: 'on' })} key={fields.variantStock.key} className="h-5 w-5" />
        Keep stock for each option and colour
      </label>
      {hydrated ? null : (
        <button {...form.validate.getButtonProps({ name: fields.variantStock.name })} className={buttonClass('outline', 'sm')}>
          Show stock per option
        </button>
      )}
      {on && boxes.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Add an option or a colour to keep stock for each.</p> : null}
      {boxes.some((box) => box.price) ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Stock, then price and sale price in ₹, then making days (0: ready to ship): leave a price or the days empty for the option's (or
          the product's).
        </p>
      ) : null}
      {boxes.length > 0 ? (
        <div className="grid grid-cols-2 gap-2">
          {boxes.map((box, index) => (
            <div key={`${box.name}|${box.label}`} className={box.price ? 'col-span-2 grid gap-1 text-sm' : 'grid gap-1 text-sm'}>
              <label htmlFor={`stock-box-${index}`}>{box.label}</label>
              <div className={box.price ? 'grid grid-cols-4 gap-2' : 'grid'}>
                <Input
                  id={`stock-box-${index}`}
                  type="number"
                  name={box.name}
                  aria-label={box.label}
                  defaultValue={box.value}
                  required
                  min="0"
                  max="100000"
                  step="1"
                  inputMode="numeric"
                  aria-invalid={errors[box.name] ? true : undefined}
                  className="h-9 text-sm"
                />
                {[box.price, box.sale].map((money) =>
                  money ? (
                    <Input
                      key={money.name}
                      type="number"
                      name={money.name}
                      aria-label={money.label}
                      placeholder={money === box.price ? 'Price' : 'Sale'}
                      defaultValue={money.value}
                      min="0"
                      step="0.01"
                      inputMode="decimal"
                      aria-invalid={errors[money.name] ? true : undefined}
                      className="h-9 text-sm"
                    />
                  ) : null,
                )}
                {box.days ? (
                  <Input
                    type="number"
                    name={box.days.name}
                    aria-label={box.days.label}
                    placeholder="Days"
                    defaultValue={box.days.value}
                    min="0"
                    max={String(DISPATCH_LIMITS.madeToOrderDays)}
                    step="1"
                    inputMode="numeric"
                    aria-invalid={errors[box.days.name] ? true : undefined}
                    className="h-9 text-sm"
                  />
                ) : null}
              </div>
              {[box, box.price, box.sale, box.days].map((b) =>
                b && errors[b.name] ? (
                  <span key={b.name} className="text-xs text-red-600">
                    {errors[b.name]?.join(' ')}
                  </span>
                ) : null,
              )}
            </div>
          ))}
        </div>
      ) : null}
    </fieldset>
  )
}
