// The demo shop's encoded pictures, kept between test servers: seeding the demo encodes ~100 WebP files
// with sharp (about 20 s of a busy 2-core machine's time), and every server that seeds it makes the same
// bytes. The first seeding server of a run leaves its uploads here; the next ones start with them, and
// the image pipeline takes files it finds cached instead of encoding again (media.server.ts, the path
// an earlier version's or another database's files take). The directory's name is a hash of the code
// that makes the files, so a change to the art or the pipeline starts a new one.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/** The sources whose change changes the demo's files. */
const MAKERS = ['db/seed', 'app/domain/catalog/media.server.ts', 'app/infra/images', 'app/lib/images.ts']

function sourcesOf(path: string): string[] {
  const full = join(root, path)
  if (!existsSync(full)) return []
  if (!full.endsWith('.ts')) return readdirSync(full, { recursive: true, encoding: 'utf8' }).sort().flatMap((name) => (name.endsWith('.ts') ? [join(full, name)] : []))
  return [full]
}

let cacheDir: string | undefined
function demoUploadsCache(): string {
  if (!cacheDir) {
    const hash = createHash('sha256')
    for (const file of MAKERS.flatMap(sourcesOf)) hash.update(file).update(readFileSync(file))
    cacheDir = join(root, '.tmp', `demo-uploads-${hash.digest('hex').slice(0, 12)}`)
  }
  return cacheDir
}

/** Gives a fresh server directory's uploads the demo's kept pictures, if a server of this code kept them. */
export function takeDemoUploads(uploads: string): void {
  const cache = demoUploadsCache()
  if (existsSync(cache) && !existsSync(uploads)) cpSync(cache, uploads, { recursive: true })
}

/** Keeps a server's uploads, just after it seeded the demo, for the servers that come after (the first to finish wins). */
export function keepDemoUploads(uploads: string): void {
  const cache = demoUploadsCache()
  if (existsSync(cache) || !existsSync(uploads)) return
  const staging = `${cache}.${process.pid}.${Date.now()}`
  try {
    cpSync(uploads, staging, { recursive: true })
    renameSync(staging, cache)
  } catch {
    // Another server kept them first.
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
