// The admin's policy editor's forms (app/routes/admin/policy-edit.tsx, ADR 081): Save adds a version,
// Preview answers the text as the page would show it without saving, Restore adds an old version again.
import { data } from 'react-router'
import { restorePolicyVersion, savePolicyVersion } from '~/domain/policies/policies.server'
import { getDb } from '~/infra/db.server'
import { POLICY_MESSAGES, type PolicySlug } from '~/lib/policies'
import { policyEditSchema, policyRestoreSchema } from '~/schemas/policy'
import type { SessionUser } from '~/lib/user'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { policyFactsWithDelivery } from './policy-facts.server'
import { redirectWithToast } from './toast/toast.server'

export const adminPolicyPath = (slug: PolicySlug) => `/admin/policies/${slug}`

export async function policyFormAction(form: FormData, slug: PolicySlug, admin: SessionUser) {
  const back = adminPolicyPath(slug)
  if (form.get('intent') === 'restore') {
    const submission = parseForm(form, { schema: policyRestoreSchema })
    if (submission.status !== 'success') return redirectWithToast(back, { type: 'error', message: POLICY_MESSAGES.versionNotFound })
    const { versionId } = submission.value
    return formAction(
      async () => {
        await restorePolicyVersion(getDb(), { slug, versionId, adminId: admin.id })
        return redirectWithToast(back, { type: 'success', message: POLICY_MESSAGES.restored })
      },
      { flash: back },
    )
  }
  const submission = parseForm(form, { schema: policyEditSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const { intent, body } = submission.value
  if (intent === 'preview') return data({ preview: body, reply: submission.reply() })
  return formAction(
    async () => {
      await savePolicyVersion(getDb(), { slug, body, adminId: admin.id, facts: await policyFactsWithDelivery() })
      return redirectWithToast(back, { type: 'success', message: POLICY_MESSAGES.saved })
    },
    { reply: { submission } },
  )
}
