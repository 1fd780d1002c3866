// The maintenance commands of `node server/start.js <command>` (npm run db:migrate, db:seed, db:copy,
// db:backup), on the built server's exports. Each prints one line of what it did.
import { parseArgs } from 'node:util'

const USAGE = {
  seed: 'Usage: npm run db:seed -- --products N   (N from 1 to 1000000)',
  copy: 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database',
  backup: 'Usage: npm run db:backup [-- dir]',
}

/** Arguments of a command as parseArgs reads them, or null (the usage is printed) when they do not fit. */
function argsOf(command, args, options) {
  try {
    return parseArgs({ args, options, allowPositionals: command === 'backup', strict: true })
  } catch {
    console.error(USAGE[command])
    return null
  }
}

/** Runs `command` with `args`; resolves to the exit code. */
export async function runCommand(server, command, args) {
  if (command === 'migrate') {
    const applied = await server.migrateDatabase()
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.')
    return 0
  }
  if (command === 'seed') {
    const parsed = argsOf(command, args, { products: { type: 'string' } })
    const count = Number(parsed?.values.products)
    if (!parsed || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
      if (parsed) console.error(USAGE.seed)
      return 1
    }
    const started = Date.now()
    const added = await server.seedSynthetic(count)
    console.log(`Added ${added} synthetic products in ${Date.now() - started} ms.`)
    return 0
  }
  if (command === 'copy') {
    const parsed = argsOf(command, args, { to: { type: 'string' } })
    if (!parsed) return 1
    const started = Date.now()
    const tables = await server.copyDatabaseTo(parsed.values.to ?? '')
    for (const t of tables) console.log(`${t.table}: ${t.rows} rows${Object.entries(t.paise).map(([c, sum]) => `, ${c} ${sum}`).join('')}`)
    console.log(`Copied ${tables.length} tables into PostgreSQL in ${Date.now() - started} ms; row counts and money sums match.`)
    return 0
  }
  if (command === 'backup') {
    const parsed = argsOf(command, args, {})
    if (!parsed || parsed.positionals.length > 1) {
      if (parsed) console.error(USAGE.backup)
      return 1
    }
    const backup = await server.backupDatabaseNow(parsed.positionals[0])
    const size = (backup.bytes / 1024 / 1024).toFixed(1)
    console.log(`Backed up the database to ${backup.path} (${size} MB) in ${Math.round(backup.milliseconds)} ms.`)
    return 0
  }
  console.error(`Unknown command ${command}: use migrate, seed, copy or backup (or none, to serve).`)
  return 1
}
