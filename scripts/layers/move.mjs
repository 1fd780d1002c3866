#!/usr/bin/env node
// Moves app/ into layers (domain, web, api, infra) and rewrites every import that points to a
// moved file. Deterministic and idempotent: run it on the tree before the move, after the move,
// or after merging a branch that still imports the old paths; each run brings the tree to the
// layout in MAPPING and changes nothing else. docs/decisions/026-layers-as-folders.md.
//
//   node scripts/layers/move.mjs            move and rewrite (then review `git status`, commit)
//   node scripts/layers/move.mjs --dry-run  print what it would do, change nothing
//   node scripts/layers/move.mjs --check    exit 1 if anything is left to move or rewrite, or a file
//                                           in app/services/ has no row
//
// It works from any copy of itself: the repository is the git top level of the current directory.
// Only node:* modules; no type checker. Specifiers are found by pattern (import/export ... from,
// import '...', import('...'), vi.mock/vi.doMock/vi.importActual/require('...')), resolved to a
// file as TypeScript/Vite would (the `~/` alias is app/; extensions .ts .tsx .js .mjs, index
// files), and mapped through MAPPING. A test beside a moved file (x.test.ts, x.test.tsx) moves
// with it. Paths written out in docs and comments (app/services/cart.server.ts,
// ~/services/cart.server) are rewritten too.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs'
import { dirname, posix } from 'node:path'

/** Old path -> new path, from the repository root. Tests beside a source file follow it. */
export const MAPPING = [
  // Domain: business rules over a db handle. No Request, no router context, no cookies.
  ['app/services/accounts.server.ts', 'app/domain/accounts.server.ts'],
  ['app/services/addresses.server.ts', 'app/domain/addresses.server.ts'],
  ['app/services/admin-dashboard.server.ts', 'app/domain/admin-dashboard.server.ts'],
  ['app/services/admin-orders.server.ts', 'app/domain/admin-orders.server.ts'],
  ['app/services/admin-products.server.ts', 'app/domain/admin-products.server.ts'],
  ['app/services/auth-sessions.server.ts', 'app/domain/auth-sessions.server.ts'],
  ['app/services/cart.server.ts', 'app/domain/cart.server.ts'],
  ['app/services/catalog.server.ts', 'app/domain/catalog.server.ts'],
  ['app/services/errors.ts', 'app/domain/errors.ts'],
  ['app/services/features.server.ts', 'app/domain/features.server.ts'],
  ['app/services/media.server.ts', 'app/domain/media.server.ts'],
  ['app/services/orders.server.ts', 'app/domain/orders.server.ts'],
  ['app/services/passwords.server.ts', 'app/domain/passwords.server.ts'],
  ['app/services/payments.server.ts', 'app/domain/payments.server.ts'],
  ['app/services/reviews.server.ts', 'app/domain/reviews.server.ts'],
  ['app/services/product-search.server.ts', 'app/domain/product-search.server.ts'],
  ['app/services/sql-lists.server.ts', 'app/domain/sql-lists.server.ts'],

  // Web: page adapters (form posts, cookies, redirects, flash) and the client pieces they pair with.
  ['app/services/address-requests.server.ts', 'app/web/address-requests.server.ts'],
  ['app/services/admin-product-form.server.ts', 'app/web/admin-product-form.server.ts'],
  ['app/services/auth.server.ts', 'app/web/auth.server.ts'],
  ['app/services/cart-requests.server.ts', 'app/web/cart-requests.server.ts'],
  ['app/services/cookies.server.ts', 'app/web/cookies.server.ts'],
  ['app/services/payment-pages.server.ts', 'app/web/payment-pages.server.ts'],
  ['app/services/theme.server.ts', 'app/web/theme.server.ts'],
  ['app/services/form-input.server.ts', 'app/web/form-input.server.ts'],
  ['app/services/signup-email.server.ts', 'app/web/signup-email.server.ts'],
  ['app/context.ts', 'app/web/context.ts'],
  ['app/lib/use-cart-fetcher.ts', 'app/web/use-cart-fetcher.ts'],
  // The five toast files in one place: the type, the cookie, the middleware, the client, the view.
  ['app/lib/toast.ts', 'app/web/toast/toast.ts'],
  ['app/services/toast.server.ts', 'app/web/toast/toast.server.ts'],
  ['app/services/flash.server.ts', 'app/web/toast/flash.server.ts'],
  ['app/lib/notify.ts', 'app/web/toast/notify.ts'],
  ['app/components/flash-toast.tsx', 'app/web/toast/flash-toast.tsx'],

  // API: the /api adapters (handleApi and its helpers, response shapes, product bodies, uploads).
  ['app/services/api.server.ts', 'app/api/handle-api.server.ts'],
  ['app/services/api-shapes.server.ts', 'app/api/shapes.server.ts'],
  ['app/services/admin-product-api.server.ts', 'app/api/admin-products.server.ts'],
  ['app/services/multipart.server.ts', 'app/api/multipart.server.ts'],
  ['app/services/api-lists.server.ts', 'app/api/lists.server.ts'],

  // Infrastructure: configuration, the database entry point, secrets, limits, the payment provider.
  ['app/config.server.ts', 'app/infra/config.server.ts'],
  ['app/db.server.ts', 'app/infra/db.server.ts'],
  ['app/services/secret.server.ts', 'app/infra/secret.server.ts'],
  ['app/services/rate-limit.server.ts', 'app/infra/rate-limit.server.ts'],
  ['app/services/payment-gateway.server.ts', 'app/infra/payment-gateway.server.ts'],
  ['app/services/payment-setup.server.ts', 'app/infra/payment-setup.server.ts'],

  // lib is isomorphic; this one needs node:crypto, and only server code uses it.
  ['app/lib/ids.ts', 'app/lib/ids.server.ts'],
]

/** Folders whose leftovers are reported (the lead adds rows for them). */
const WATCHED = ['app/services/']
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/
const TEXT = /(\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|json|ya?ml|sh|txt|html|css)|^\.ci\/run)$/
const SKIP = /^(node_modules|build|\.react-router|bench\/results|test-results|playwright-report)\/|(^|\/)package-lock\.json$/
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '/index.ts', '/index.tsx', '/index.js']
const SPECIFIER_PATTERNS = [
  /\b(?:from)\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  /\bimport\(\s*(['"`])([^'"`\n]+)\1\s*\)/g,
  /\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)(?:<[^>]*>)?\(\s*(['"`])([^'"`\n]+)\1/g,
  /\brequire\(\s*(['"])([^'"\n]+)\1\s*\)/g,
]

const args = new Set(process.argv.slice(2))
const dryRun = args.has('--dry-run') || args.has('--check')
const checkOnly = args.has('--check')

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim()
process.chdir(root)
const self = posix.normalize(posix.relative(root, new URL(import.meta.url).pathname).split('\\').join('/'))

function git(...gitArgs) {
  return execFileSync('git', gitArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
}

/** Tracked and untracked (not ignored) files, sorted: the same order on every machine. */
function listFiles() {
  const out = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
  return [...new Set(out.split('\0').filter(Boolean))].filter((f) => existsSync(f) && !SKIP.test(f)).sort()
}

const stripExt = (p) => p.replace(/\.(tsx?|mts|cts|jsx?|mjs|cjs)$/, '')

/** The full table: each row plus the tests beside it. */
function expandMapping(files) {
  const fileSet = new Set(files)
  const rows = new Map()
  for (const [from, to] of MAPPING) {
    rows.set(from, to)
    for (const testExt of ['.test.ts', '.test.tsx']) {
      const testFrom = stripExt(from) + testExt
      const testTo = stripExt(to) + testExt
      if (fileSet.has(testFrom) || fileSet.has(testTo)) rows.set(testFrom, testTo)
    }
  }
  return rows
}

const files = listFiles()
const fileSet = new Set(files)
const rows = expandMapping(files)

const moves = [] // [from, to] to perform now
const problems = []
for (const [from, to] of rows) {
  const hasFrom = fileSet.has(from)
  const hasTo = fileSet.has(to)
  if (hasFrom && hasTo) problems.push(`both ${from} and ${to} exist: merge them by hand, then run again`)
  else if (hasFrom) moves.push([from, to])
  else if (!hasTo) console.log(`skip: ${from} is not in this tree (nor ${to})`)
}
if (problems.length) {
  for (const p of problems) console.error(`error: ${p}`)
  process.exit(2)
}

/** Where a file is after the move. Old paths of rows already moved resolve to their new place. */
const movedTo = new Map(moves)
const afterMove = (path) => movedTo.get(path) ?? path
/** Files a specifier may resolve to: the tree as it is, plus old paths whose row already moved. */
const resolvable = new Map(files.map((f) => [f, f]))
for (const [from, to] of rows) if (!fileSet.has(from) && fileSet.has(to)) resolvable.set(from, to)

function resolveSpecifier(importer, specifier) {
  const clean = specifier.replace(/[?#].*$/, '')
  let base
  if (clean.startsWith('~/')) base = `app/${clean.slice(2)}`
  else if (clean.startsWith('./') || clean.startsWith('../')) base = posix.normalize(posix.join(posix.dirname(importer), clean))
  else return null
  for (const suffix of RESOLVE_SUFFIXES) {
    if (resolvable.has(base + suffix)) return { file: base + suffix, style: suffix === '' ? 'full' : suffix.startsWith('/index') ? 'index' : 'bare' }
  }
  // TypeScript's ESM style: './x.js' names './x.ts' (or .tsx).
  const js = base.match(/\.m?js$/)?.[0]
  if (js) {
    for (const ext of js === '.mjs' ? ['.mts'] : ['.ts', '.tsx']) {
      const file = base.slice(0, -js.length) + ext
      if (resolvable.has(file)) return { file, style: 'js', js }
    }
  }
  return null
}

/** The specifier for `target` written from `importer`, in the style of the original. */
function writeSpecifier(original, importer, target, resolved) {
  const query = original.match(/[?#].*$/)?.[0] ?? ''
  const path = resolved.style === 'full' ? target : resolved.style === 'js' ? stripExt(target) + resolved.js : stripExt(target)
  if (original.startsWith('~/') && path.startsWith('app/')) return `~/${path.slice(4)}${query}`
  let rel = posix.relative(posix.dirname(importer), path)
  if (!rel.startsWith('.')) rel = `./${rel}`
  return rel + query
}

const leftovers = [] // specifiers into a watched folder that resolve to nothing
function rewriteImports(path, source) {
  const newPath = afterMove(path)
  const edits = []
  for (const pattern of SPECIFIER_PATTERNS) {
    pattern.lastIndex = 0
    for (const match of source.matchAll(pattern)) {
      const specifier = match[2]
      const start = match.index + match[0].indexOf(match[1] + specifier + match[1]) + 1
      if (edits.some((e) => e.start === start)) continue
      const resolved = resolveSpecifier(path, specifier)
      if (!resolved) {
        const base = specifier.startsWith('~/') ? `app/${specifier.slice(2)}` : posix.normalize(posix.join(posix.dirname(path), specifier))
        if ((specifier.startsWith('~/') || specifier.startsWith('.')) && WATCHED.some((w) => base.startsWith(w))) leftovers.push(`${path}: '${specifier}'`)
        continue
      }
      const current = resolvable.get(resolved.file) // an old path of an already-moved row maps here
      const target = afterMove(current)
      if (target === resolved.file && newPath === path) continue
      const next = writeSpecifier(specifier, newPath, target, resolved)
      if (next !== specifier) edits.push({ start, end: start + specifier.length, text: next })
    }
  }
  edits.sort((a, b) => b.start - a.start)
  let out = source
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return { out, count: edits.length }
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Paths spelled out in prose and comments: app/x/y.server(.ts) and ~/x/y.server. */
const textRules = [...rows]
  .sort((a, b) => b[0].length - a[0].length)
  .flatMap(([from, to]) => {
    const rules = [
      { re: new RegExp(`(?<![\\w./~-])${escapeRe(from)}(?![\\w-]|\\.\\w)`, 'g'), to },
      { re: new RegExp(`(?<![\\w./~-])${escapeRe(stripExt(from))}(?![\\w-]|\\.\\w)`, 'g'), to: stripExt(to) },
    ]
    if (from.startsWith('app/') && to.startsWith('app/')) {
      rules.push({ re: new RegExp(`(?<![\\w./-])~/${escapeRe(stripExt(from.slice(4)))}(?![\\w-]|\\.\\w)`, 'g'), to: `~/${stripExt(to.slice(4))}` })
    }
    return rules
  })

function rewriteText(source) {
  let out = source
  let count = 0
  for (const rule of textRules) {
    out = out.replace(rule.re, () => {
      count++
      return rule.to
    })
  }
  return { out, count }
}

// Plan everything against the tree as it is, then apply.
const writes = new Map() // new path -> content
let importEdits = 0
let textEdits = 0
for (const path of files) {
  if (path === self || path === 'scripts/layers/move.mjs' || !TEXT.test(path)) continue
  const source = readFileSync(path, 'utf8')
  let out = source
  if (CODE.test(path)) {
    const r = rewriteImports(path, out)
    out = r.out
    importEdits += r.count
    if (r.count) console.log(`imports: ${path} (${r.count})`)
  }
  const t = rewriteText(out)
  if (t.count) console.log(`text: ${path} (${t.count})`)
  textEdits += t.count
  out = t.out
  if (out !== source) writes.set(afterMove(path), out)
}

for (const [from, to] of moves) console.log(`move: ${from} -> ${to}`)
const unknown = files.filter((f) => WATCHED.some((w) => f.startsWith(w)) && !rows.has(f))
for (const f of unknown) console.log(`unknown (left in place, add a row to MAPPING): ${f}`)
for (const l of leftovers) console.log(`unresolved import into a watched folder: ${l}`)
console.log(`${moves.length} moves, ${importEdits} import specifiers, ${textEdits} path mentions, ${writes.size} files changed`)

if (checkOnly) process.exit(moves.length || writes.size || unknown.length || leftovers.length ? 1 : 0)
if (dryRun) process.exit(0)

const tracked = new Set(git('ls-files', '-z').split('\0').filter(Boolean))
for (const [from, to] of moves) {
  mkdirSync(dirname(to), { recursive: true })
  if (tracked.has(from)) git('mv', from, to)
  else renameSync(from, to)
}
for (const [path, content] of writes) writeFileSync(path, content)
// Stage what was tracked before (moved files are staged by git mv; stage their new content too).
const wasTracked = (path) => tracked.has(path) || moves.some(([from, to]) => to === path && tracked.has(from))
const toStage = [...writes.keys()].filter(wasTracked)
if (toStage.length) git('add', '--', ...toStage)

// Folders emptied by the move go too.
for (const dir of [...new Set(moves.map(([from]) => dirname(from)))].sort().reverse()) {
  try {
    if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir)
  } catch {}
}
console.log('done: review with `git status` and `git diff --cached -M`, then commit')
