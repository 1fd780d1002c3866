import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ComponentProps, type ReactNode, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { CATEGORIES, VARIETY_LABELS as VARIETY_WORDS, VARIETY_OPTION_LABELS } from '~/lib/catalog'
import { DISPATCH_LIMITS } from '~/lib/dispatch'
import { MAX_UPLOAD_MB } from '~/lib/images'
import { DEFAULT_COUNTRY_OF_ORIGIN } from '~/lib/product-facts'
import { useHydrated } from '~/lib/use-hydrated'
import type { z } from 'zod'
import { productFormSchema } from '~/schemas/product-form'
import { Button, buttonClass } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { InputField } from '~/components/ui/input-field'
import { PersonalizationEditor } from './personalization-editor'
import { ProductFactsFields } from './product-facts-fields'
import { ProductPackageFields } from './product-package-fields'
import { stockBoxesSum, VariantStockFields } from './variant-stock-fields'

const VARIETY_LABELS = { '': 'No variety', ...VARIETY_OPTION_LABELS } as const
const REQUIRED = ['title', 'description', 'category', 'price', 'salePrice', 'totalStock'] as const

type ProductFormValues = z.input<typeof productFormSchema>
type Defaults = Record<string, unknown>

/** Uploads one file to the upload API with progress (JS only); resolves to its url. */
function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/admin/products/upload-image')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      try {
        const body = JSON.parse(request.responseText) as { success: boolean; message?: string; result?: { url: string } }
        if (request.status < 300 && body.result?.url) resolve(body.result.url)
        else reject(new Error(body.message ?? 'Upload failed.'))
      } catch {
        reject(new Error('Upload failed.'))
      }
    }
    request.onerror = () => reject(new Error('Upload failed. Check your connection.'))
    const body = new FormData()
    body.append('my_file', file)
    request.send(body)
  })
}

/** A list editor's box: its name, the list's own errors (after `controls`, e.g. the variety type), its items. */
function ListFieldset({ legend, errors, controls, children }: { legend: string; errors?: string[]; controls?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {controls}
      {errors ? <p className="text-sm text-red-600">{errors.join(' ')}</p> : null}
      {children}
    </fieldset>
  )
}

/**
 * Add or edit a product. List editors (variety options, colors, images) use Conform's list
 * intents, which are plain submit buttons without JS. With JS new images upload one by one with a
 * progress bar; without JS they go up in the same post. Add/Edit and Cancel sit in a footer that
 * sticks to the bottom of the sheet, where a phone's thumb is, however long the form.
 */
export function ProductForm({
  lastResult,
  defaultValue,
  mode,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null
  defaultValue?: Defaults
  mode: 'add' | 'edit'
  /** Where Cancel goes: the grid the sheet was opened from, with its search. */
  cancelTo: string
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const [form, fields] = useForm<ProductFormValues>({
    id: 'product-form',
    lastResult,
    defaultValue: (defaultValue ?? { category: 'jewellery', madeToOrderDays: '0', countryOfOrigin: DEFAULT_COUNTRY_OF_ORIGIN, materials: '', varietyType: '', varieties: [], option2Label: '', options2: [], colors: [], images: [] }) as never,
    constraint: getZodConstraint(productFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  })
  const [uploads, setUploads] = useState<{ name: string; percent: number; error?: string }[]>([])
  const values = (form.value ?? {}) as Record<string, unknown>
  const images = fields.images.getFieldList()
  const filled = REQUIRED.every((name) => String(values[name] ?? '').trim() !== '') && images.length > 0
  const uploading = uploads.some((u) => u.percent < 100 && !u.error)
  const varietyType = String(values.varietyType ?? fields.varietyType.initialValue ?? '') as keyof typeof VARIETY_LABELS
  const varieties = fields.varieties.getFieldList()
  const colors = fields.colors.getFieldList()
  const options2 = fields.options2.getFieldList()
  const group2Errors = [...(fields.options2.errors ?? []), ...(fields.option2Label.errors ?? [])]
  // With stock per option and colour, Total Stock is their sum (the server keeps it so too).
  const stockSum = values.variantStock === 'on' ? stockBoxesSum(values, fields.stockByOption.initialValue === 'on') : null

  async function onFiles(files: FileList | null) {
    if (!files) return
    const list = Array.from(files)
    setUploads((current) => [...current, ...list.map((f) => ({ name: f.name, percent: 0 }))])
    for (const file of list) {
      try {
        const url = await uploadImage(file, (percent) =>
          setUploads((current) => current.map((u) => (u.name === file.name ? { ...u, percent } : u))),
        )
        form.insert({ name: fields.images.name, defaultValue: url })
        setUploads((current) => current.filter((u) => u.name !== file.name))
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Upload failed.'
        setUploads((current) => current.map((u) => (u.name === file.name ? { ...u, error: message } : u)))
      }
    }
  }

  const small = 'h-9 text-sm'
  const optionErrors = (option: ReturnType<(typeof varieties)[number]['getFieldset']>) =>
    [option.name, option.price, option.salePrice, option.picture, option.madeToOrderDays].flatMap((f) => f.errors ?? [])
  const colorPictures = fields.colorPicture.getFieldList()
  const initialColorPictures = (fields.colorPicture.initialValue ?? []) as (string | undefined)[]
  /**
   * The picture a colour or an option shows when picked: one of the product's images by number. A
   * colour's is a plain select keyed with its colour's row, so it moves with the row when a colour
   * above is removed (its name follows the index).
   */
  const pictureSelect = ({ key, ...props }: ComponentProps<'select'> & { key?: string }, label: string) => (
    <select {...props} key={key} aria-label={label} className={`${inputClass} ${small} w-auto`}>
      <option value="">No picture</option>
      {images.map((image, n) => (
        <option key={image.key} value={String(n + 1)}>
          Picture {n + 1}
        </option>
      ))}
    </select>
  )
  /** The ✕ that takes one item out of a list (a plain submit button without JS). */
  const removeButton = (list: string, index: number, label: string, className = buttonClass('ghost', 'sm', 'text-red-600')) => (
    <button {...form.remove.getButtonProps({ name: list, index })} className={className} aria-label={label}>
      ✕
    </button>
  )
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4" {...getFormProps(form)}>
      {/* The stock this edit started from: left unchanged, sales made meanwhile stand. */}
      {mode === 'edit' && defaultValue?.totalStock !== undefined ? <input type="hidden" name="stockSeen" value={String(defaultValue.totalStock)} /> : null}
      {mode === 'edit' && defaultValue?.variantStockSeen ? <input type="hidden" name="variantStockSeen" value={JSON.stringify(defaultValue.variantStockSeen)} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <InputField label="Title" meta={fields.title} type="text" />
      <Field label="Description" errors={fields.description.errors} errorId={fields.description.errorId}>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} className={`${inputClass} h-auto py-2`} />
      </Field>
      <Field label="Category" errors={fields.category.errors} errorId={fields.category.errorId}>
        <select {...getSelectProps(fields.category)} key={fields.category.key} className={inputClass}>
          {CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <ProductFactsFields form={form} category={String(values.category ?? fields.category.initialValue ?? '')} />
      <ProductPackageFields form={form} category={String(values.category ?? fields.category.initialValue ?? '')} />
      <div className="grid grid-cols-2 items-end gap-3">
        <InputField label="Price (₹)" meta={fields.price} type="number" step="0.01" min="0" inputMode="decimal" />
        <InputField label="Sale Price (₹, 0 for none)" meta={fields.salePrice} type="number" step="0.01" min="0" inputMode="decimal" />
        {stockSum === null ? (
          <InputField label="Total Stock" meta={fields.totalStock} type="number" step="1" min="0" inputMode="numeric" />
        ) : (
          <div className="grid gap-1">
            <Field label="Total Stock" errors={fields.totalStock.errors} errorId={fields.totalStock.errorId}>
              <Input name={fields.totalStock.name} type="number" value={String(stockSum)} readOnly aria-describedby="total-stock-sum" className="bg-zinc-100 dark:bg-zinc-800" />
            </Field>
            <span id="total-stock-sum" className="text-xs text-zinc-600 dark:text-zinc-400">
              The sum of the options' stock
            </span>
          </div>
        )}
        <InputField
          label="Made to order (working days, 0: ready to ship)"
          meta={fields.madeToOrderDays}
          type="number"
          step="1"
          min="0"
          max={String(DISPATCH_LIMITS.madeToOrderDays)}
          inputMode="numeric"
        />
      </div>

      <ListFieldset
        legend="Variety"
        errors={fields.varieties.errors}
        controls={
        <select
          {...getSelectProps(fields.varietyType)}
          key={fields.varietyType.key}
          aria-label="Variety type"
          className={inputClass}
          onChange={(event) => {
            // Changing the type starts its list afresh (the other types' options are dropped).
            form.update({ name: fields.varietyType.name, value: event.target.value })
            form.update({ name: fields.varieties.name, value: [] })
          }}
        >
          {Object.entries(VARIETY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        }
      >
        <InputField
          label="Option group name"
          meta={fields.optionLabel}
          type="text"
          placeholder={varietyType ? `${VARIETY_WORDS[varietyType]} (e.g. Chain)` : 'e.g. Chain'}
          className={small}
        />
        {varieties.map((item, index) => {
          const option = item.getFieldset()
          return (
            <div key={item.key} className="grid grid-cols-[1fr_5.5rem_5.5rem_auto] items-start gap-2">
              <Input
                {...getInputProps(option.name, { type: 'text' })}
                key={option.name.key}
                aria-label={`Option ${index + 1} name`}
                placeholder={varietyType === 'size' ? 'Size' : varietyType === 'pack' ? 'Pack name' : 'Name'}
                className={small}
              />
              <Input
                {...getInputProps(option.price, { type: 'number' })}
                key={option.price.key}
                aria-label={`Option ${index + 1} price`}
                placeholder="Price"
                step="0.01"
                min="0"
                className={small}
              />
              <Input
                {...getInputProps(option.salePrice, { type: 'number' })}
                key={option.salePrice.key}
                aria-label={`Option ${index + 1} sale price`}
                placeholder="Sale"
                step="0.01"
                min="0"
                disabled={varietyType === 'pack'}
                className={small}
              />
              {removeButton(fields.varieties.name, index, `Remove option ${index + 1}`)}
              {images.length > 0 ? (
                <div className="col-span-4">{pictureSelect(getSelectProps(option.picture), `Option ${index + 1} picture`)}</div>
              ) : null}
              <div className="col-span-4 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                <Input
                  {...getInputProps(option.madeToOrderDays, { type: 'number' })}
                  key={option.madeToOrderDays.key}
                  aria-label={`Option ${index + 1} made to order (working days; blank: as the product)`}
                  step="1"
                  min="0"
                  max={String(DISPATCH_LIMITS.madeToOrderDays)}
                  inputMode="numeric"
                  className="h-8 w-20 text-sm"
                />
                <span aria-hidden="true">Made to order, working days (blank: as the product, 0: ready to ship)</span>
              </div>
              {optionErrors(option).length ? (
                <p className="col-span-4 text-xs text-red-600">{optionErrors(option).join(' ')}</p>
              ) : null}
            </div>
          )
        })}
        <button
          {...form.insert.getButtonProps({ name: fields.varieties.name, defaultValue: { name: '', price: '', salePrice: '' } })}
          disabled={hydrated && varietyType === ''}
          className={buttonClass('outline', 'sm')}
        >
          Add option
        </button>
      </ListFieldset>

      <ListFieldset legend="Second option group" errors={group2Errors.length ? group2Errors : undefined}>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Optional, beside the options above: e.g. Chain with Gold and Silver. Stock and prices per combination are in the grid below.</p>
        <Input
          {...getInputProps(fields.option2Label, { type: 'text' })}
          key={fields.option2Label.key}
          aria-label="Second option group name"
          placeholder="Group name (e.g. Chain)"
          className={small}
        />
        {options2.map((item, index) => (
          <div key={item.key} className="grid gap-1">
            <div className="flex gap-2">
              <Input {...getInputProps(item, { type: 'text' })} key={item.key} aria-label={`Second option ${index + 1} name`} placeholder="Name" className={small} />
              {removeButton(fields.options2.name, index, `Remove second option ${index + 1}`)}
            </div>
            {item.errors?.length ? <p className="text-xs text-red-600">{item.errors.join(' ')}</p> : null}
          </div>
        ))}
        <button
          {...form.insert.getButtonProps({ name: fields.options2.name, defaultValue: '' })}
          disabled={hydrated && varietyType === ''}
          className={buttonClass('outline', 'sm')}
        >
          Add second option
        </button>
      </ListFieldset>

      <ListFieldset legend="Colors" errors={fields.colors.errors}>
        {colors.map((color, index) => (
          <div key={color.key} className="grid gap-1">
            <div className="flex gap-2">
              <Input {...getInputProps(color, { type: 'text' })} key={color.key} aria-label={`Color ${index + 1}`} className={small} />
              {images.length > 0
                ? pictureSelect({ name: `${fields.colorPicture.name}[${index}]`, defaultValue: initialColorPictures[index] ?? '' }, `Color ${index + 1} picture`)
                : null}
              {removeButton(fields.colors.name, index, `Remove color ${index + 1}`)}
            </div>
            {colorPictures[index]?.errors?.length ? <p className="text-xs text-red-600">{colorPictures[index]?.errors?.join(' ')}</p> : null}
          </div>
        ))}
        <button {...form.insert.getButtonProps({ name: fields.colors.name, defaultValue: '' })} className={buttonClass('outline', 'sm')}>
          Add color
        </button>
      </ListFieldset>

      <VariantStockFields form={form} values={values} hydrated={hydrated} />

      <PersonalizationEditor form={form} />

      <ListFieldset legend="Images" errors={fields.images.errors}>
        <div className="flex flex-wrap gap-2">
          {images.map((image, index) => {
            const url = String(image.value ?? image.initialValue ?? '')
            return (
              <div key={image.key} className="relative">
                <input type="hidden" name={image.name} value={url} />
                <img src={url} alt={`Product ${index + 1}`} width={80} height={80} className="h-20 w-20 rounded object-cover" />
                {removeButton(fields.images.name, index, `Remove image ${index + 1}`, 'absolute -top-2 -right-2 h-6 w-6 rounded-full bg-red-600 text-xs text-white')}
              </div>
            )
          })}
        </div>
        <label className="grid gap-1 text-sm">
          Add images (JPEG, PNG, WebP, AVIF or GIF, up to {MAX_UPLOAD_MB} MB each)
          <input
            type="file"
            name={hydrated ? undefined : 'newImages'}
            accept="image/*"
            multiple
            onChange={(event) => {
              if (!hydrated) return
              void onFiles(event.target.files)
              event.target.value = ''
            }}
            className="text-sm"
          />
        </label>
        {uploads.map((u) => (
          <div key={u.name} className="grid gap-1 text-xs">
            <span>
              {u.name} {u.error ? <span className="text-red-600">{u.error}</span> : `${u.percent}%`}
            </span>
            {!u.error ? <progress max={100} value={u.percent} className="h-2 w-full" /> : null}
          </div>
        ))}
      </ListFieldset>

      <div className="sticky bottom-0 z-10 -mx-5 mt-2 flex gap-2 border-t border-zinc-200 bg-white px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] dark:border-zinc-800 dark:bg-zinc-950">
        <Link to={cancelTo} className={buttonClass('outline', 'md')}>
          Cancel
        </Link>
        <Button type="submit" className="flex-1" disabled={(hydrated && !filled) || uploading || navigation.state === 'submitting'}>
          {mode === 'add' ? 'Add' : 'Edit'}
        </Button>
      </div>
    </Form>
  )
}
