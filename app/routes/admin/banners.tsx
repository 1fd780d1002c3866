import { Form, Link, useNavigation } from 'react-router'
import { ConfirmDelete } from '~/components/admin/confirm-delete'
import { Button, buttonClass } from '~/components/ui/button'
import { InlineError } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { responsiveImage } from '~/lib/images'
import { addBanner, deleteBanner, listBanners } from '~/domain/catalog/banners.server'
import { storeUploadedFile } from '~/domain/catalog/media.server'
import { formAction } from '~/web/form-action.server'
import { replyMessage } from '~/web/form-reply'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/banners'
import { BANNER_MESSAGES } from '~/lib/banners'

export const meta: Route.MetaFunction = () => [{ title: 'Feature Images · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const banners = await listBanners(getDb())
  const confirmId = new URL(request.url).searchParams.get('delete')
  const index = banners.findIndex((f) => f.id === confirmId)
  return { banners, confirm: index === -1 ? null : { id: banners[index]?.id ?? '', number: index + 1 } }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  return formAction(async () => {
    if (form.get('intent') === 'delete') {
      await deleteBanner(getDb(), String(form.get('id') ?? ''))
      return redirectWithToast('/admin/features', { type: 'success', message: BANNER_MESSAGES.deleted })
    }
    const stored = await storeUploadedFile(getDb(), getImageStore(), form.get('my_file'))
    await addBanner(getDb(), stored.url)
    return redirectWithToast('/admin/features', { type: 'success', message: BANNER_MESSAGES.added })
  }, { reply: {} })
}

export default function AdminBanners({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const error = replyMessage(actionData)
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Feature Images</h1>
      <Form method="post" encType="multipart/form-data" className="grid max-w-md gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <label className="grid gap-1 text-sm font-medium">
          Upload a banner (wide pictures look best, e.g. 1600 × 640)
          <input type="file" name="my_file" accept="image/*" required className="text-sm" />
        </label>
        <InlineError message={error} />
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Uploading...' : 'Upload'}
        </Button>
      </Form>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">The home page rotates the first four banners, in this order.</p>
      {loaderData.confirm ? (
        <ConfirmDelete label="Delete banner" fields={{ intent: 'delete', id: loaderData.confirm.id }} cancelTo="/admin/features">
          Delete banner {loaderData.confirm.number}? The home page stops showing it.
        </ConfirmDelete>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {loaderData.banners.map((banner, index) => {
          const image = responsiveImage(banner.image)
          return (
            <figure key={banner.id} className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
              <img src={image.src} srcSet={image.srcSet} sizes="(min-width: 640px) 50vw, 100vw" width={640} height={256} alt={`Banner ${index + 1}`} className="aspect-[5/2] w-full object-cover" />
              <figcaption className="flex items-center justify-between p-3 text-sm">
                Banner {index + 1}
                <Link to={`/admin/features?delete=${banner.id}`} className={buttonClass('destructive', 'sm')}>
                  Delete
                </Link>
              </figcaption>
            </figure>
          )
        })}
      </div>
    </section>
  )
}
