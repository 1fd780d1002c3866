// `column in (list)` with one bound JSON parameter, so the SQL text is the same for any number of
// values: the prepared-statement cache (db/database.ts, LRU 500) keeps one statement, not one per
// list length.
// On PostgreSQL the same through json_array_elements_text (db/dialect.ts).
import type { RawBuilder } from 'kysely'
import { inJsonList } from '../../db/dialect'

export function inList(column: string, values: readonly string[]): RawBuilder<boolean> {
  return inJsonList(column, values)
}
