// The import rule of docs/architecture.md (ADR 026, 053), checked over every file in app/, db/ and
// server/: server and routes -> adapters (web, api) -> domain -> db and lib, never backwards.
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { describe, expect, it } from 'vitest'

type Layer =
  | 'routes'
  | 'components'
  | 'web'
  | 'web-client'
  | 'api'
  | 'domain'
  | 'mail'
  | 'infra'
  | 'schemas'
  | 'lib'
  | 'db'
  | 'seed'
  | 'migrations'
  | 'tests'
  | 'server'
  | 'generated'
  | 'other'

/**
 * What each layer may import (value imports). `routes` (route modules, root, entry) may import
 * any layer. Test files may also import tests/ helpers and infra (a real TEST MODE gateway). `web-client` is a file of app/web/ that
 * is not *.server (the toasts, the cart fetcher hook): components may use those.
 */
const ALLOWED: Record<Layer, Layer[] | 'any'> = {
  // Route modules are the adapters' entry (the Epic Stack's way): they may call the domain, the page
  // and /api helpers and the infrastructure's handles (getDb, the configuration); never server/.
  routes: ['routes', 'generated', 'other', 'components', 'web', 'web-client', 'api', 'domain', 'mail', 'infra', 'schemas', 'lib', 'db'],
  components: ['components', 'web-client', 'lib', 'schemas'],
  web: ['web', 'web-client', 'domain', 'infra', 'lib', 'schemas', 'db', 'components'],
  'web-client': ['web-client', 'components', 'lib', 'schemas'],
  api: ['api', 'domain', 'infra', 'lib', 'schemas', 'db'],
  // The domain puts mail in the outbox; its bodies come from app/mail (React rendered to strings, ADR 034).
  domain: ['domain', 'mail', 'lib', 'schemas', 'db'],
  mail: ['mail', 'lib'],
  infra: ['infra', 'lib', 'db'],
  schemas: ['schemas', 'lib', 'db'],
  lib: ['lib'],
  db: ['db', 'migrations'],
  // The demo seed calls the domain as the admin would, with the same inputs (schemas).
  seed: ['seed', 'db', 'migrations', 'lib', 'schemas', 'domain'],
  migrations: ['migrations'],
  tests: 'any',
  // The production server wires the app together (Express, the page cache, jobs, processes): it may
  // use every layer below the routes; nothing in app/ or db/ imports it.
  server: ['server', 'web', 'web-client', 'domain', 'mail', 'infra', 'schemas', 'lib', 'db', 'seed', 'migrations'],
  generated: 'any',
  other: 'any',
}

/** Extra targets for `import type` only (erased at build time). */
const ALLOWED_TYPES: Partial<Record<Layer, Layer[]>> = {
  // Infrastructure implements the interfaces the domain owns (the payment gateway, a watcher of availability, ...).
  infra: ['domain'],
  // Components take props; the types of those props come from the domain's read models.
  components: ['domain'],
  'web-client': ['domain', 'web'],
  // db/schema.ts derives its column unions from the vocabulary in app/lib (ADR 027).
  db: ['lib'],
}

/** Single files another layer may import besides its list (the rule names them). */
const ALLOWED_FILES: Partial<Record<Layer, string[]>> = {
  // Infrastructure throws the domain's errors (rate limit -> TooManyRequests), nothing else.
  infra: ['app/domain/errors.ts'],
}

/**
 * Packages a layer must not import: the domain knows no HTTP, router, cookies, React or payment SDK,
 * and no image library, PDF library or file system (its image store and invoice writer are ports, ADR 054).
 */
const FORBIDDEN_PACKAGES: Partial<Record<Layer, RegExp>> = {
  domain: /^(react|react-dom|react-router|@react-router\/.*|remix-auth.*|@conform-to\/.*|cookie|express|razorpay|sharp|pdfkit|fontkit|(node:)?fs(\/promises)?)$/,
  schemas: /^(react-router|@react-router\/.*|express)$/,
  mail: /^(react-router|@react-router\/.*|remix-auth.*|@conform-to\/.*|express)$/,
  lib: /^(react-router\/.*|@react-router\/.*|express|node:.*)$/,
}

/**
 * Backward imports known today, to shrink to nothing. Each entry is `importer -> target`; the
 * test fails when an entry no longer occurs, so fixing one means deleting its line.
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {}

interface SourceFile {
  path: string
  source: string
}

interface ImportRef {
  specifier: string
  typeOnly: boolean
}

const IMPORT_PATTERNS: { re: RegExp; typeOnly: (match: RegExpMatchArray) => boolean }[] = [
  // import/export ... from '...', across lines; `import type` / `export type` are erased.
  { re: /\b(import|export)(\s+type)?\s+[^'";]*?\bfrom\s*(['"])([^'"\n]+)\3/g, typeOnly: (m) => Boolean(m[2]) },
  { re: /\bimport\s*(['"])([^'"\n]+)\1/g, typeOnly: () => false },
  { re: /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g, typeOnly: () => false },
  { re: /\bvi\.(?:mock|doMock|importActual)(?:<[^>]*>)?\(\s*(['"])([^'"\n]+)\1/g, typeOnly: () => false },
]

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

function importsOf(source: string): ImportRef[] {
  const code = withoutComments(source)
  const refs: ImportRef[] = []
  for (const { re, typeOnly } of IMPORT_PATTERNS) {
    for (const match of code.matchAll(re)) {
      const specifier = match[match.length - 1] as string
      refs.push({ specifier, typeOnly: typeOnly(match) })
    }
  }
  return refs
}

/** A specifier as a repository path (without resolving the extension), or null for a package. */
function targetPath(importer: string, specifier: string): string | null {
  const clean = specifier.replace(/[?#].*$/, '')
  if (clean.startsWith('~/')) return `app/${clean.slice(2)}`
  if (clean.startsWith('./') || clean.startsWith('../')) return posix.normalize(posix.join(posix.dirname(importer), clean))
  return null
}

function layerOf(path: string): Layer {
  if (/(^|\/)\+types\//.test(path)) return 'generated'
  if (/^app\/(routes\/|routes\.ts$|root\.tsx$|entry\.(server|client)\.tsx$)/.test(path)) return 'routes'
  if (path.startsWith('app/components/')) return 'components'
  if (path.startsWith('app/web/')) return /\.server(\.|$)|\.server\.test\./.test(path) ? 'web' : 'web-client'
  if (path.startsWith('app/api/')) return 'api'
  if (path.startsWith('app/domain/')) return 'domain'
  if (path.startsWith('app/mail/')) return 'mail'
  if (path.startsWith('app/infra/')) return 'infra'
  if (path.startsWith('app/schemas/')) return 'schemas'
  if (path.startsWith('app/lib/')) return 'lib'
  if (path.startsWith('db/seed/')) return 'seed'
  if (path.startsWith('db/')) return 'db'
  if (path.startsWith('migrations/')) return 'migrations'
  if (path.startsWith('tests/')) return 'tests'
  if (path.startsWith('server/')) return 'server'
  return 'other'
}

/** The file a target path names, when it can be told (for messages and the exceptions list). */
function withExtension(target: string, known: Set<string>): string {
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) if (known.has(target + suffix)) return target + suffix
  return target
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path)

/** Every import that breaks the rule, as `importer -> target (why)`. */
function checkImports(files: SourceFile[]): { violations: string[]; edges: Set<string> } {
  const known = new Set(files.map((f) => f.path))
  const violations: string[] = []
  const edges = new Set<string>()
  for (const file of files) {
    const from = layerOf(file.path)
    const allowed = ALLOWED[from]
    if (from === 'domain' && /\b(request|req)\s*:\s*Request\b|\bnew Request\(|\bHeaders\b/.test(file.source)) {
      violations.push(`${file.path}: the domain takes no Request or headers`)
    }
    // Settings reach the domain one way, set by the server at start (app/domain/settings.server.ts).
    if (from === 'domain' && /\bprocess\.env\b/.test(withoutComments(file.source))) {
      violations.push(`${file.path}: the domain reads no environment (process.env); it reads domainSettings()`)
    }
    for (const ref of importsOf(file.source)) {
      const path = targetPath(file.path, ref.specifier)
      if (path === null) {
        const banned = FORBIDDEN_PACKAGES[from]
        // lib is isomorphic: node:* only in its *.server files.
        const serverOnly = from === 'lib' && ref.specifier.startsWith('node:') && file.path.includes('.server.')
        if (banned?.test(ref.specifier) && !serverOnly && !(ref.typeOnly && from !== 'domain')) {
          violations.push(`${file.path} -> ${ref.specifier} (${from} may not use this package)`)
        }
        continue
      }
      const target = withExtension(path, known)
      // One import style in app/: `~/` for another folder of app/, `./` for the file's own folder.
      if (file.path.startsWith('app/') && ref.specifier.startsWith('../') && target.startsWith('app/')) {
        violations.push(`${file.path} -> ${ref.specifier} (within app/ write ~/${target.slice(4).replace(/\.tsx?$/, '')})`)
      }
      const to = layerOf(target)
      if (allowed === 'any') continue
      if (allowed.includes(to)) continue
      if (ref.typeOnly && ALLOWED_TYPES[from]?.includes(to)) continue
      if (ALLOWED_FILES[from]?.includes(target)) continue
      // Tests also build real infrastructure (the TEST MODE gateway), use tests/ helpers and seed fixtures.
      if ((to === 'tests' || to === 'infra' || to === 'seed') && isTest(file.path)) continue
      const edge = `${file.path} -> ${target}`
      edges.add(edge)
      if (edge in KNOWN_EXCEPTIONS) continue
      violations.push(`${edge} (${from} may not import ${to}${ref.typeOnly ? ', even as a type' : ''})`)
    }
  }
  return { violations, edges }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

function repositoryFiles(): SourceFile[] {
  const root = new URL('..', import.meta.url).pathname
  return ['app', 'db', 'server'].flatMap((top) =>
    walk(join(root, top)).map((absolute) => {
      const path = posix.relative(root, absolute.split('\\').join('/'))
      return { path, source: readFileSync(absolute, 'utf8') }
    }),
  )
}

describe('layers', () => {
  const { violations, edges } = checkImports(repositoryFiles())

  it('no file in app/, db/ or server/ imports backwards', () => {
    expect(violations).toEqual([])
  })

  it('every known exception still occurs (delete the line once it is fixed)', () => {
    expect(Object.keys(KNOWN_EXCEPTIONS).filter((edge) => !edges.has(edge))).toEqual([])
  })

  it('the checker catches a backwards import, a banned package, a component typed by a route and a ../ import within app/', () => {
    const fake: SourceFile[] = [
      { path: 'app/domain/cart/cart.server.ts', source: "import { getShopSession } from '~/web/cookies.server'\n" },
      { path: 'app/domain/orders/orders.server.ts', source: "import { redirect } from 'react-router'\n" },
      { path: 'app/domain/orders/payments.server.ts', source: "import { x } from '../../api/shapes.server'\nexport function f(request: Request) {}\n" },
      { path: 'app/components/order-card.tsx', source: "import type { loader } from '~/routes/shop/order'\n" },
      { path: 'app/infra/secret.server.ts', source: "import {\n  getUser,\n} from '../web/auth.server'\n" },
      { path: 'app/lib/money.ts', source: "import { getDb } from '~/infra/db.server'\n" },
      { path: 'db/database.ts', source: "import { storeImage } from '~/domain/catalog/media.server'\n" },
      { path: 'app/lib/catalog.ts', source: "import type { Product } from '../../db/schema'\n" },
      { path: 'db/backup.ts', source: "import { CATEGORIES } from '~/lib/catalog'\n" },
      { path: 'app/web/cookies.server.ts', source: "import type { Toast } from '~/web/toast/toast'\n" },
      { path: 'app/web/toast/notify.ts', source: "import { getDb } from '~/infra/db.server'\n" },
      { path: 'app/web/toast/toast.ts', source: '' },
      { path: 'app/web/auth.server.ts', source: '' },
      { path: 'app/routes/shop/home.tsx', source: "import { createApp } from '../../../server/app'\n" },
      { path: 'app/domain/orders/place-order.server.ts', source: "import type { PaymentGateway } from '../../infra/payment-gateway.server'\nimport Razorpay from 'razorpay'\n" },
      { path: 'server/render.ts', source: "import { loader } from '~/routes/shop/home'\nimport { ProductCard } from '~/components/product-card'\n" },
      { path: 'app/domain/catalog/image-plan.server.ts', source: "import sharp from 'sharp'\nimport { readFile } from 'node:fs/promises'\nimport PDFDocument from 'pdfkit'\n" },
      { path: 'app/domain/cart/stock-holds.server.ts', source: "// process.env in a comment is fine\nconst minutes = Number(process.env.HOLD_MINUTES)\n" },
    ]
    const { violations: found } = checkImports(fake)
    expect(found).toEqual([
      'app/domain/cart/cart.server.ts -> app/web/cookies.server.ts (domain may not import web)',
      'app/domain/orders/orders.server.ts -> react-router (domain may not use this package)',
      'app/domain/orders/payments.server.ts: the domain takes no Request or headers',
      'app/domain/orders/payments.server.ts -> ../../api/shapes.server (within app/ write ~/api/shapes.server)',
      'app/domain/orders/payments.server.ts -> app/api/shapes.server (domain may not import api)',
      'app/components/order-card.tsx -> app/routes/shop/order (components may not import routes, even as a type)',
      'app/infra/secret.server.ts -> ../web/auth.server (within app/ write ~/web/auth.server)',
      'app/infra/secret.server.ts -> app/web/auth.server.ts (infra may not import web)',
      'app/lib/money.ts -> app/infra/db.server (lib may not import infra)',
      'db/database.ts -> app/domain/catalog/media.server (db may not import domain)',
      'app/lib/catalog.ts -> db/schema (lib may not import db, even as a type)',
      'db/backup.ts -> app/lib/catalog.ts (db may not import lib)',
      'app/web/toast/notify.ts -> app/infra/db.server (web-client may not import infra)',
      'app/routes/shop/home.tsx -> server/app (routes may not import server)',
      'app/domain/orders/place-order.server.ts -> ../../infra/payment-gateway.server (within app/ write ~/infra/payment-gateway.server)',
      'app/domain/orders/place-order.server.ts -> app/infra/payment-gateway.server (domain may not import infra, even as a type)',
      'app/domain/orders/place-order.server.ts -> razorpay (domain may not use this package)',
      'server/render.ts -> app/routes/shop/home.tsx (server may not import routes)',
      'server/render.ts -> app/components/product-card (server may not import components)',
      'app/domain/catalog/image-plan.server.ts -> sharp (domain may not use this package)',
      'app/domain/catalog/image-plan.server.ts -> node:fs/promises (domain may not use this package)',
      'app/domain/catalog/image-plan.server.ts -> pdfkit (domain may not use this package)',
      'app/domain/cart/stock-holds.server.ts: the domain reads no environment (process.env); it reads domainSettings()',
    ])
  })

  it('the same imports in the right direction pass', () => {
    const fake: SourceFile[] = [
      { path: 'app/web/cookies.server.ts', source: "import { SESSION_MAX_AGE_SECONDS } from '~/domain/accounts/auth-sessions.server'\n" },
      { path: 'app/infra/payment-gateway.server.ts', source: "import type { PaymentGateway } from '~/domain/orders/payment-gateway'\nimport type { DB } from '../../db/database'\n" },
      { path: 'app/components/address-card.tsx', source: "import type { AddressView } from '~/domain/accounts/addresses.server'\nimport { notify } from '~/web/toast/notify'\n" },
      { path: 'app/infra/rate-limit.server.ts', source: "import { TooManyRequests } from '~/domain/errors'\n" },
      { path: 'app/domain/errors.ts', source: '' },
      { path: 'db/schema.ts', source: "import type { OrderStatus } from '~/lib/order-status'\n" },
      { path: 'app/routes/shop/cart.tsx', source: "import { cartFormAction } from '~/web/cart-requests.server'\n" },
    ]
    expect(checkImports(fake).violations).toEqual([])
  })
})
