// A banner's words, link and schedule (ADR 074): the add form (with its picture) and the edit form,
// a plain post with JS or without; each message under its field. From and until are India time. The
// page shows one of them at a time, so an answer belongs to the form on the page.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { BANNER_LIMITS, type BannerLinkChoice, isoToIndiaLocal } from '~/lib/banners'
import { bannerFormSchema } from '~/schemas/banner'
import type { AdminBanner } from './banner-list'

/** A banner's words, link and schedule, as the list has them (its picture and state are not edited here). */
export type BannerFormValues = Omit<AdminBanner, 'image' | 'state'>

export function BannerForm({
  banner,
  lastResult,
  linkChoices,
}: {
  banner?: BannerFormValues
  lastResult?: SubmissionResult<string[]> | null
  /** Links the Link box suggests (an offer's pieces, everything on sale, the categories). */
  linkChoices: BannerLinkChoice[]
}) {
  const navigation = useNavigation()
  const editing = banner !== undefined
  const [form, fields] = useForm({
    id: editing ? `banner-${banner.id}` : 'banner-new',
    lastResult,
    defaultValue: banner
      ? { ...banner, startsAt: isoToIndiaLocal(banner.startsAt), endsAt: isoToIndiaLocal(banner.endsAt) }
      : undefined,
    constraint: getZodConstraint(bannerFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannerFormSchema }),
  })
  const fileErrors = lastResult?.error?.my_file ?? undefined
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === (editing ? 'edit' : 'add')
  return (
    <Form
      method="post"
      encType={editing ? undefined : 'multipart/form-data'}
      className="grid max-w-xl gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
      aria-label={editing ? 'Edit banner' : 'Add a banner'}
      {...getFormProps(form)}
    >
      <h2 className="text-lg font-semibold">{editing ? 'Edit banner' : 'Add a banner'}</h2>
      <input type="hidden" name="intent" value={editing ? 'edit' : 'add'} />
      {editing ? <input type="hidden" name="id" value={banner.id} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {editing ? null : (
        <Field label="Picture (wide pictures look best, e.g. 1600 × 640)" errors={fileErrors} errorId="banner-file-error">
          <input type="file" name="my_file" accept="image/*" required className="text-sm" aria-invalid={fileErrors ? true : undefined} />
        </Field>
      )}
      <Field label="Headline" errors={fields.headline.errors} errorId={fields.headline.errorId}>
        <Input {...getInputProps(fields.headline, { type: 'text' })} key={fields.headline.key} maxLength={BANNER_LIMITS.headline} />
      </Field>
      <Field label="Short line" errors={fields.subline.errors} errorId={fields.subline.errorId}>
        <Input {...getInputProps(fields.subline, { type: 'text' })} key={fields.subline.key} maxLength={BANNER_LIMITS.subline} />
      </Field>
      <Field label="Button text" errors={fields.buttonText.errors} errorId={fields.buttonText.errorId}>
        <Input {...getInputProps(fields.buttonText, { type: 'text' })} key={fields.buttonText.key} maxLength={BANNER_LIMITS.buttonText} />
      </Field>
      <Field label="Link" errors={fields.link.errors} errorId={fields.link.errorId}>
        <Input
          {...getInputProps(fields.link, { type: 'text', ariaDescribedBy: 'banner-link-help' })}
          key={fields.link.key}
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="/shop/listing?category=jewellery"
          list={`${form.id}-links`}
        />
      </Field>
      <datalist id={`${form.id}-links`}>
        {linkChoices.map((choice) => (
          <option key={choice.path + choice.label} value={choice.path} label={choice.label} />
        ))}
      </datalist>
      <p id="banner-link-help" className="-mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        A page of this shop: pick an offer's pieces, everything on sale or a category from the box's list, or type a
        search (/shop/search?keyword=diwali) or a product (/shop/product/...).
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Show from (India time)" errors={fields.startsAt.errors} errorId={fields.startsAt.errorId}>
          <Input {...getInputProps(fields.startsAt, { type: 'datetime-local' })} key={fields.startsAt.key} />
        </Field>
        <Field label="Show until (India time)" errors={fields.endsAt.errors} errorId={fields.endsAt.errorId}>
          <Input {...getInputProps(fields.endsAt, { type: 'datetime-local' })} key={fields.endsAt.key} />
        </Field>
      </div>
      <p className="-mt-1 text-sm text-zinc-600 dark:text-zinc-400">Leave them empty to show the banner from now on, until you delete it.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {editing ? (busy ? 'Saving...' : 'Save banner') : busy ? 'Uploading...' : 'Add banner'}
        </Button>
        {editing ? (
          <Link to="/admin/features" className={buttonClass('outline')}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
