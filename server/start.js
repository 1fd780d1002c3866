// The shop process (`npm start` runs it under server/supervise.js): build the app if needed, then migrate, seed and serve it.
// `node server/start.js migrate`: only bring the database schema up to date.
// `node server/start.js seed --products N`: add N synthetic products to the catalogue.
// `node server/start.js copy --to postgres://...`: copy the SQLite shop into an empty PostgreSQL database.
// `node server/start.js backup [dir]`: copy the database (online, consistent) into BACKUP_DIR or dir.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const serverBuild = join(root, 'build/server/index.js')
const clientDir = join(root, 'build/client')

/** Source files only: the database and secrets under db/ change at run time and are not sources. */
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|json|svg|png|ico|txt|webmanifest)$/

/** Newest modification time under the given paths (the app's sources). */
function newestSourceTime(paths) {
  let newest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry))
    } else if (SOURCE_FILE.test(path)) {
      newest = Math.max(newest, stat.mtimeMs)
    }
  }
  for (const path of paths) visit(join(root, path))
  return newest
}

function buildIsCurrent() {
  if (!existsSync(serverBuild) || !existsSync(clientDir)) return false
  const sources = ['app', 'db', 'migrations', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']
  return statSync(serverBuild).mtimeMs >= newestSourceTime(sources)
}

if (!buildIsCurrent()) {
  console.log('Building the app (first start or changed sources)...')
  const result = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.')
    process.exit(1)
  }
}

process.env.NODE_ENV ??= 'production'
const server = await import(serverBuild)
try {
  const command = process.argv[2]
  if (command === 'migrate') {
    const applied = await server.migrateDatabase()
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.')
  } else if (command === 'seed') {
    const flag = process.argv.indexOf('--products')
    const count = Number(flag > 0 ? process.argv[flag + 1] : Number.NaN)
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
      console.error('Usage: npm run db:seed -- --products N   (N from 1 to 1000000)')
      process.exit(1)
    }
    const started = Date.now()
    const added = await server.seedSynthetic(count)
    console.log(`Added ${added} synthetic products in ${Date.now() - started} ms.`)
  } else if (command === 'copy') {
    const flag = process.argv.indexOf('--to')
    const started = Date.now()
    const tables = await server.copyDatabaseTo(flag > 0 ? (process.argv[flag + 1] ?? '') : '')
    for (const t of tables) console.log(`${t.table}: ${t.rows} rows${Object.entries(t.paise).map(([c, sum]) => `, ${c} ${sum}`).join('')}`)
    console.log(`Copied ${tables.length} tables into PostgreSQL in ${Date.now() - started} ms; row counts and money sums match.`)
  } else if (command === 'backup') {
    const backup = await server.backupDatabaseNow(process.argv[3])
    const size = (backup.bytes / 1024 / 1024).toFixed(1)
    console.log(`Backed up the database to ${backup.path} (${size} MB) in ${Math.round(backup.milliseconds)} ms.`)
  } else {
    await server.startServer(clientDir)
  }
} catch (error) {
  if (error instanceof server.ConfigError) {
    console.error(error.message)
    // EX_CONFIG: the supervisor (server/supervise.js) and systemd do not restart a bad configuration.
    process.exit(78)
  }
  if (error instanceof server.BackupError || error instanceof server.CopyError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
