// The admin's Banners page posts (ADR 074): add (picture and words), edit (words, link, schedule),
// move up or down, reorder (the drag, with JS), delete. Each answers with a redirect and a toast, or
// the form again with its messages (JS or not).
import { data } from 'react-router'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { BANNER_MESSAGES } from '~/lib/banners'
import {
  addBanner,
  checkBannerDetails,
  deleteBanner,
  moveBanner,
  reorderBanners,
  updateBanner,
} from '~/domain/catalog/banners.server'
import { storeUploadedFile } from '~/domain/catalog/media.server'
import { bannerFormSchema } from '~/schemas/banner'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'

export const BANNERS_PAGE = '/admin/features'

/** At most this many ids in a reorder post (more than any shop keeps banners). */
const MAX_REORDER = 500

export async function bannerAction(request: Request) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'add')
  const id = String(form.get('id') ?? '')
  const db = getDb()
  const back = (message: string) => redirectWithToast(BANNERS_PAGE, { type: 'success', message })
  if (intent === 'delete' || intent === 'up' || intent === 'down' || intent === 'reorder') {
    return formAction(
      async () => {
        if (intent === 'delete') {
          await deleteBanner(db, id)
          return back(BANNER_MESSAGES.deleted)
        }
        if (intent === 'reorder') await reorderBanners(db, form.getAll('order').slice(0, MAX_REORDER).map(String))
        else await moveBanner(db, id, intent)
        return back(BANNER_MESSAGES.moved)
      },
      { flash: BANNERS_PAGE },
    )
  }
  if (intent !== 'add' && intent !== 'edit') return data(null, { status: 400 })
  const submission = parseForm(form, { schema: bannerFormSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      if (intent === 'edit') {
        await updateBanner(db, id, submission.value)
        return back(BANNER_MESSAGES.saved)
      }
      // The words first: a refused link stores no picture.
      const details = await checkBannerDetails(db, submission.value)
      const stored = await storeUploadedFile(db, getImageStore(), form.get('my_file'))
      await addBanner(db, stored.url, details)
      return back(BANNER_MESSAGES.added)
    },
    { reply: { submission } },
  )
}
