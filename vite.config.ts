import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { asciiSource, taggedTemplateAboveAscii } from './server/process/ascii-source'

/**
 * react-router's package exports only its development build, so browsers would get its dev
 * warnings (remix-run/react-router#14102). The client bundle takes the production build it ships
 * beside it; docs/decisions/017-client-chunks.md.
 */
const reactRouterProduction = new URL('./node_modules/react-router/dist/production/', import.meta.url).pathname
const productionReactRouter = [
  { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
]

const APP_DIR = new URL('./app/', import.meta.url).pathname
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\/|\/entry\.client\.tsx$/
const SHELLS = [/\/app\/root\.tsx($|\?)/, /\/app\/routes\/shop\/layout\.tsx($|\?)/]
/** Zod and Conform: every shop form that validates in the browser uses all of them (checkout, account, sign-in). */
const FORMS = /\/node_modules\/(zod|@conform-to\/[^/]+)\//
/** Modules a few pages share whole, kept in one chunk each (see clientChunks). */
const GROUPS: [RegExp, string][] = [
  // The product page and the product dialog: detail, gallery, reviews, 'Notify me', and the page's own module.
  [/\/app\/(components\/(product-(detail|gallery|reviews)|review-stars|stock-alert-form)\.tsx|lib\/(reviews|variants)\.ts|routes\/shop\/product\.tsx)$/, 'product-detail'],
  // Every product grid and the product detail: the price, the picture and the add-to-cart form's parts
  // (in the shell until the cart sheet's contents became lazy, ADR 016; left to Rollup they went into
  // the product-detail chunk, and every grid page loaded it).
  [
    /\/app\/(components\/(price-tag|cart-form-fields|ui\/picture)\.tsx|lib\/(pricing|images|use-hydrated)\.ts|web\/(use-cart-fetcher|form-reply)\.ts)$/,
    'price-tag',
  ],
  // A line's personalisation words: the cart sheet, checkout, orders and the product page all show them
  // (small; in the shell, or checkout would load the product-detail chunk for it).
  [/\/app\/lib\/personalization\.ts$/, 'shell'],
  // The discount and offer lines of the cart sheet, the cart page and checkout: one chunk, not two.
  [/\/app\/components\/(discount-line|offer-notes)\.tsx$/, 'cart-notes'],
  // An address's schema and the states it names: every page with an address form or check loads both.
  [/\/app\/(schemas\/address|lib\/indian-states)\.ts$/, 'address'],
  // Home's banners and the product gallery (not pulled into the product chunk, home would load it all).
  [/\/app\/components\/ui\/carousel\.tsx$/, 'carousel'],
]

/**
 * Fewer, larger chunks for the pages every shopper loads (ADR 017): each chunk repeats its
 * imports and starts a fresh gzip window, about 100-150 bytes a file.
 * - `framework`: React, ReactDOM, the scheduler, React Router and the client entry.
 * - `shell`: the root and the shop layout, and everything they import statically (header, footer,
 *   cart sheet, toasts); their route files are left as small re-exports.
 * - `forms`: zod and Conform together, so a zod user without Conform (an admin page) cannot split them.
 * - the GROUPS above. Other route modules and lazily loaded code keep their own chunks.
 */
function clientChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (FRAMEWORK.test(id)) return 'framework'
  if (FORMS.test(id)) return 'forms'
  const group = GROUPS.find(([pattern]) => pattern.test(id))
  if (group) return group[1]
  if (!id.startsWith(APP_DIR)) return undefined
  if (SHELLS.some((shell) => shell.test(id))) return id.includes('?') ? undefined : 'shell'
  return inShell(id, getModuleInfo, new Set()) ? 'shell' : undefined
}

function inShell(id: string, getModuleInfo: Rollup.GetModuleInfo, seen: Set<string>): boolean {
  if (seen.has(id)) return false
  seen.add(id)
  const info = getModuleInfo(id)
  if (!info) return false
  return info.importers.some((importer) => SHELLS.some((shell) => shell.test(importer)) || inShell(importer, getModuleInfo, seen))
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each built script and stylesheet, once per
 * build; server/precompressed.ts serves them. Brotli 11 is 14% smaller than the quality the
 * compression middleware can afford per request, too slow to run per request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue
        const source = Buffer.from(output.type === 'chunk' ? output.code : output.source)
        if (source.length < 1024) continue
        const file = join(options.dir, fileName)
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
      }
    },
  }
}

/** The PDF drawing code (pdfkit, fontkit, the fonts): not the thread's plumbing, pdf-thread.server.ts. */
const PDF_DRAWING = /\/app\/infra\/pdf\/(?!pdf-thread\.|a4-pdf\.)[^/]+\.server\.ts$/
/** The A4 frame, which the server imports at start and which loads pdfkit and the fonts on its first document. */
const A4_FRAME = /\/app\/infra\/pdf\/a4-pdf\.server\.ts$/

/**
 * The server build keeps the PDF drawing code in a chunk of its own, which the main entry imports only
 * dynamically (a fallback, the packing slips, and the A4 frame on its first document: ADR 097): left to Rollup, the chunk also held the
 * GST and date helpers both entries share, so the server imported it, and pdfkit, at start. app/lib
 * goes in chunks of its own, or Rollup would pull the helpers into the drawing chunk again: the
 * modules that import nothing but app/lib in one ('lib-plain', the drawing's formatting helpers among
 * them), the rest in another ('lib'), so the PDF thread loads neither zod nor React (ADR 113).
 */
function serverChunks(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  if (PDF_DRAWING.test(id)) return 'pdf-drawing'
  if (A4_FRAME.test(id)) return 'a4-pdf'
  if (id.startsWith(`${APP_DIR}lib/`)) return importsOnlyLib(id, getModuleInfo) ? 'lib-plain' : 'lib'
  return undefined
}

/** Whether a module of app/lib imports, itself and through its imports, nothing outside app/lib. */
function importsOnlyLib(id: string, getModuleInfo: Rollup.ManualChunkMeta['getModuleInfo'], seen = new Set<string>()): boolean {
  if (seen.has(id)) return true
  seen.add(id)
  const onlyLib = getModuleInfo(id)?.importedIds.every((dep) => dep.startsWith(`${APP_DIR}lib/`) && importsOnlyLib(dep, getModuleInfo, seen))
  return onlyLib === true
}

/**
 * The server build's chunks in ASCII, every other character escaped (a rupee sign as \u20b9, in
 * strings, regular expressions and comments alike: server/process/ascii-source.ts). V8 keeps a
 * module's source for as long as the module lives, and a single character above Latin-1 makes the
 * whole source two bytes a character: the server entry was 3.2 MB of the request thread's heap
 * instead of 1.6 (ADR 113).
 */
function asciiServerChunks(): Plugin {
  return {
    name: 'ascii-server-chunks',
    // After every plugin's renderChunk: Vite's own passes chunks through esbuild, which writes UTF-8.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        if (taggedTemplateAboveAscii(this.parse(output.code))) this.error(`${output.fileName}: a tagged template's raw strings hold a character above 0x7f; write it as an escape in the source (ADR 113)`)
        output.code = asciiSource(output.code)
        this.parse(output.code)
      }
    },
  }
}

/**
 * The server build's second entry keeps its own name, build/server/pdf-thread.js: React Router names
 * every entry of that build after its own (index.js, then index2.js...).
 */
function pdfThreadEntry(): Plugin {
  return {
    name: 'pdf-thread-entry',
    outputOptions(options) {
      const named = options.entryFileNames
      return { ...options, entryFileNames: (chunk) => (chunk.name === 'pdf-thread' ? 'pdf-thread.js' : typeof named === 'function' ? named(chunk) : (named ?? '[name].js')) }
    },
  }
}

export default defineConfig(({ isSsrBuild, command }) => ({
  // The server build's entry is our Express app, which imports the React Router build; its second
  // entry is the thread that draws PDFs (build/server/pdf-thread.js, ADR 090).
  build: isSsrBuild
    ? {
        rollupOptions: {
          input: { index: './server/app.ts', 'pdf-thread': './server/jobs/pdf-thread.ts' },
          output: { manualChunks: serverChunks },
        },
      }
    : { rollupOptions: { output: { manualChunks: clientChunks } } },
  resolve: {
    alias: [
      { find: '~', replacement: new URL('./app', import.meta.url).pathname },
      ...(command === 'build' && !isSsrBuild ? productionReactRouter : []),
    ],
  },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [pdfThreadEntry(), asciiServerChunks()] : [precompressAssets()])],
}))
