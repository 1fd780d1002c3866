// Reads compiled once per database handle (ADR 118). Kysely builds a query's operation tree and
// compiles it to SQL on every call; for the few reads that every signed-in shopper's page asks (her
// session, her cart's count, whether a product's review area is hers) that was a fifth of the
// request thread's CPU, three times the statements' own time in SQLite.
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely'
import type { DB } from './database'
import { dialectOf, type SqlDialect, textValue } from './dialect'

/**
 * The stand-in for an argument while the query is compiled (never sent: only compiled). No NUL in
 * it: on PostgreSQL the dialect plugin replaces a value's NUL characters (db/dialect.ts).
 */
const MARKER_PREFIX = '\uffffcompiled-once:'
const marker = (name: string) => `${MARKER_PREFIX}${name}\uffff`

type Slot = { argument: string } | { value: unknown }

interface Compiled {
  query: CompiledQuery
  slots: Slot[]
  dialect: SqlDialect
}

/**
 * A read whose SQL is the same for every call (no list spread into `in (...)`, no branch on an
 * argument), built once per database handle with a marker for each argument and run from then on
 * with the call's arguments in the markers' places. Its arguments are strings (ids, times): each must
 * reach the SQL as a parameter, which the first compilation checks.
 */
export function compiledOnce<Args extends Record<string, string>, Row>(build: (db: DB, args: Args) => Compilable<Row>) {
  const byHandle = new WeakMap<DB, Compiled>()

  function compile(db: DB, names: string[]): Compiled {
    const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as Args
    const query = build(db, markers).compile()
    if (query.query.kind !== 'SelectQueryNode') throw new Error('compiledOnce is for reads only')
    const argumentOf = new Map(names.map((name) => [marker(name), name]))
    const slots: Slot[] = query.parameters.map((value) => {
      const argument = typeof value === 'string' ? argumentOf.get(value) : undefined
      return argument === undefined ? { value } : { argument }
    })
    for (const name of names) {
      if (!slots.some((slot) => 'argument' in slot && slot.argument === name)) throw new Error(`compiledOnce: the argument ${name} is not a parameter of the query`)
    }
    // An argument also used otherwise (inlined, or inside a longer value) would be frozen at its marker.
    const frozen = [query.sql, ...slots.map((slot) => ('value' in slot && typeof slot.value === 'string' ? slot.value : ''))].some((text) => text.includes(MARKER_PREFIX))
    if (frozen) throw new Error('compiledOnce: an argument is used other than as a whole parameter')
    return { query, slots, dialect: dialectOf(db) }
  }

  return async function run(db: DB, args: Args): Promise<Row[]> {
    let compiled = byHandle.get(db)
    if (!compiled) {
      compiled = compile(db, Object.keys(args))
      byHandle.set(db, compiled)
    }
    // An argument as the dialect plugin would have sent it had it been compiled with the query.
    const { dialect } = compiled
    const parameters = compiled.slots.map((slot) => ('argument' in slot ? textValue(dialect, args[slot.argument] as string) : slot.value))
    const result = await db.executeQuery<Row>({ ...compiled.query, queryId: createQueryId(), parameters })
    return result.rows
  }
}
