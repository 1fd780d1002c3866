// Whether build/ is older than the app's sources, and the build itself: `npm start` on a fresh clone or
// after `git pull` builds first, so the README's one command is the whole set-up.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Source files only: the database and secrets under db/ change at run time and are not sources. */
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|json|svg|png|ico|txt|webmanifest)$/
const SOURCES = ['app', 'db', 'migrations', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

/** Newest modification time under the given paths. */
function newestSourceTime(root, paths) {
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

/** Builds the app unless build/ is newer than every source; exits the process when the build fails. */
export function buildIfStale(root) {
  const serverBuild = join(root, 'build/server/index.js')
  const current = existsSync(serverBuild) && existsSync(join(root, 'build/client')) && statSync(serverBuild).mtimeMs >= newestSourceTime(root, SOURCES)
  if (current) return
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
