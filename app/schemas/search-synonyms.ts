// The admin's box of search synonyms (one `term = word, word` a line). The schema bounds its size; the
// lines themselves are read and judged by the domain (saveOwnSynonyms), each problem naming its line.
import { z } from 'zod'
import { SYNONYM_LIMITS, SYNONYM_MESSAGES } from '~/lib/search-synonyms'

/** An empty box (the owner keeps only the shop's list) comes as no value: Conform reads '' as missing. */
export const searchSynonymsSchema = z.object({
  synonyms: z.string({ error: SYNONYM_MESSAGES.tooLong }).max(SYNONYM_LIMITS.textLength, { error: SYNONYM_MESSAGES.tooLong }).optional(),
})
