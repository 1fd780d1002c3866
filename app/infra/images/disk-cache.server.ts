// The image store's cache: one directory (UPLOADS_DIR) per process, holding stored files under their
// names, from which /uploads is served (ADR 040).
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ImageFileCache } from '~/domain/catalog/image-store'

/** Write beside, then rename: a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, data)
  await rename(temp, file)
}

export function diskCache(directory: string): ImageFileCache {
  return {
    names: () => readdir(directory).catch(() => [] as string[]),
    async pathOf(name) {
      const file = join(directory, name)
      return existsSync(file) ? file : null
    },
    read: (name) => readFile(join(directory, name)),
    async write(files) {
      await mkdir(directory, { recursive: true })
      for (const { name, content } of files) {
        const file = join(directory, name)
        if (!existsSync(file)) await writeAtomically(file, content)
      }
    },
    modifiedAt: (name) => stat(join(directory, name)).then((s) => s.mtime, () => null),
    remove: (name) => rm(join(directory, name), { force: true }),
  }
}
