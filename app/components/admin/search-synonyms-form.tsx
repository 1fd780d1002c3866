// The admin's search words: the owner's synonym lines in one box (a plain form post, JS or not), each
// problem listed under it by line, and the shop's own list to read beside it.
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { FormError, inputClass } from '~/components/ui/field'
import { DEFAULT_SYNONYMS, formatSynonymLine, SYNONYM_LIMITS } from '~/lib/search-synonyms'
import { searchSynonymsSchema } from '~/schemas/search-synonyms'

export function SearchSynonymsForm({ text, lastResult }: { text: string; lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { synonyms: text },
    constraint: getZodConstraint(searchSynonymsSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: searchSynonymsSchema }),
  })
  const problems = fields.synonyms.errors ?? []
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Form method="post" className="grid content-start gap-3" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.synonyms.id} className="text-sm font-medium">
          Your search words
        </label>
        <p id="search-words-help" className="text-sm text-zinc-600 dark:text-zinc-400">
          One line each, as <code>jhumka = earrings, earring</code>: a shopper who searches for the word before "=" also finds
          the pieces with the words after it. Your lines add to the shop's list and replace its line for the same word. Up to{' '}
          {SYNONYM_LIMITS.lines} lines; words of {SYNONYM_LIMITS.minWordLength} to {SYNONYM_LIMITS.wordLength} letters or digits.
        </p>
        <textarea
          {...getTextareaProps(fields.synonyms, { ariaDescribedBy: 'search-words-help' })}
          key={fields.synonyms.key}
          rows={12}
          spellCheck={false}
          autoCapitalize="none"
          placeholder="jhumka = earrings, earring"
          className={`${inputClass} h-auto py-2 font-mono text-sm`}
        />
        {problems.length ? (
          <ul id={fields.synonyms.errorId} className="grid gap-1 text-sm text-red-600 dark:text-red-400">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={navigation.state === 'submitting'}>
          Save search words
        </Button>
      </Form>
      <section aria-labelledby="shop-search-words" className="grid content-start gap-2">
        <h2 id="shop-search-words" className="text-sm font-medium">
          The shop's list
        </h2>
        <ul className="grid gap-1 rounded-lg border border-zinc-200 p-3 font-mono text-xs dark:border-zinc-800">
          {DEFAULT_SYNONYMS.map((line) => (
            <li key={line.term}>{formatSynonymLine(line)}</li>
          ))}
        </ul>
      </section>
    </div>
  )
}
