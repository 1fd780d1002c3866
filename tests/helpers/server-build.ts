// The built server (build/server/), as `npm start` would build it, and what its files import.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const root = join(import.meta.dirname, '../..')

/** Builds as `npm start` would, unless build/ is newer than the sources. */
export function buildIfStale() {
  execFileSync(process.execPath, ['--input-type=module', '-e', "import('./server/process/build-check.js').then((m) => m.buildIfStale(process.cwd()))"], { cwd: root, stdio: 'inherit' })
}

/** Every module a built file imports statically, its own chunks followed (`import x from "y"`, `import "y"`), not `import("y")`. */
export function staticImports(file: string, seen = new Set<string>()): Set<string> {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)) {
    if (specifier === undefined) continue
    if (!specifier.startsWith('.')) {
      seen.add(specifier)
      continue
    }
    const chunk = join(dirname(file), specifier)
    if (seen.has(chunk)) continue
    seen.add(chunk)
    staticImports(chunk, seen)
  }
  return seen
}
