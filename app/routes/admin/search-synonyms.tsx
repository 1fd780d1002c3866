import { SearchSynonymsForm } from '~/components/admin/search-synonyms-form'
import { getDb } from '~/infra/db.server'
import { formatSynonymLine, SYNONYM_MESSAGES } from '~/lib/search-synonyms'
import { listOwnSynonyms, saveOwnSynonyms } from '~/domain/catalog/search-synonyms.server'
import { searchSynonymsSchema } from '~/schemas/search-synonyms'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/search-synonyms'

export const meta: Route.MetaFunction = () => [{ title: 'Search Words · Admin' }]

export async function loader() {
  const lines = await listOwnSynonyms(getDb())
  return { text: lines.map(formatSynonymLine).join('\n') }
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: searchSynonymsSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await saveOwnSynonyms(getDb(), submission.value.synonyms ?? '')
      return redirectWithToast('/admin/search-words', { type: 'success', message: SYNONYM_MESSAGES.saved })
    },
    { reply: { submission } },
  )
}

export default function AdminSearchSynonyms({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Search Words</h1>
      <SearchSynonymsForm text={loaderData.text} lastResult={actionData} />
    </section>
  )
}
