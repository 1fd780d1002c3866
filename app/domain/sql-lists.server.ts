// `column in (list)` with one bound JSON parameter, so the SQL text is the same for any number of
// values: the prepared-statement cache (db/database.ts, LRU 500) keeps one statement, not one per
// list length.
import { type RawBuilder, sql } from 'kysely'

export function inList(column: string, values: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
}
