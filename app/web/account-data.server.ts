// The adapters of a shopper's data rights (ADR 089): her data as a JSON file, her consent choices,
// and deleting her account (by her: the session cookie goes with it; by the admin on her request).
import { data } from 'react-router'
import { checkErasureConfirmation, eraseAccount } from '~/domain/accounts/account-erasure.server'
import { recordConsent } from '~/domain/accounts/consents.server'
import { exportPersonalData } from '~/domain/accounts/personal-data.server'
import { Conflict, DomainError, NotFound } from '~/domain/errors'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { ERASURE_MESSAGES } from '~/lib/account-erasure'
import { accountErasureSchema, consentFormSchema } from '~/schemas/account-erasure'
import { endSession } from './auth.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** Her data as a download: `<shop>-my-data-<day>.json`, never cached. */
export async function personalDataFile(userId: string): Promise<Response> {
  const file = await exportPersonalData(getDb(), userId)
  return new Response(`${JSON.stringify(file, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${file.exportedAt.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}

export async function consentFormAction(userId: string, form: FormData) {
  const submission = parseForm(form, { schema: consentFormSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  await recordConsent(getDb(), userId, 'marketingMail', submission.value.marketingMail === 'on')
  return redirectWithToast('/shop/account/data', { type: 'success', message: 'Your choice is saved' })
}

/** Her own deletion: confirmed by DELETE or her password; her cookie is cleared with her sessions. */
export async function eraseOwnAccountAction(request: Request, userId: string, sessionId: string | null, form: FormData) {
  const submission = parseForm(form, { schema: accountErasureSchema })
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['confirm'] }), { status: 400 })
  return formAction(
    async () => {
      await checkErasureConfirmation(getDb(), userId, submission.value.confirm)
      await eraseAccount(getDb(), userId, { reviews: submission.value.reviews, files: getImageStore() })
      // The session row is gone with the account's; this clears the cookie that named it.
      const setCookie = await endSession(request, sessionId)
      return redirectWithToast('/shop/home', { type: 'success', message: ERASURE_MESSAGES.deleted }, { headers: { 'Set-Cookie': setCookie } })
    },
    { reply: { submission, hideFields: ['confirm'] } },
  )
}

/** The admin's deletion on a shopper's written request: confirmed by typing DELETE. */
export async function eraseShopperAction(form: FormData, backTo: string) {
  const userId = String(form.get('userId') ?? '')
  const submission = parseForm(form, { schema: accountErasureSchema })
  if (submission.status !== 'success' || submission.value.confirm.trim() !== 'DELETE') {
    return data({ userId, error: ERASURE_MESSAGES.confirm.replace(' or your password', '') }, { status: 400 })
  }
  try {
    await eraseAccount(getDb(), userId, { reviews: submission.value.reviews, files: getImageStore() })
  } catch (error) {
    if (error instanceof Conflict) return data({ userId, error: ERASURE_MESSAGES.ordersInFlightAdmin }, { status: 409 })
    if (error instanceof NotFound) return data({ userId, error: ERASURE_MESSAGES.alreadyDeleted }, { status: 404 })
    if (error instanceof DomainError) return data({ userId, error: error.message }, { status: error.status })
    throw error
  }
  return redirectWithToast(backTo, { type: 'success', message: ERASURE_MESSAGES.deletedByAdmin })
}
