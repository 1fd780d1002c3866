import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { importAfterMainPicture, MAIN_PICTURE_WAIT, scriptsAfterMainPicture } from './scripts-after-picture.server'

/** React Router 7's module script as it writes it (nonce first, then type), around a page. */
const MODULE_SCRIPT =
  '<script nonce="n0" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-A.js";\n' +
  'import * as route1 from "/assets/layout-B.js";\n' +
  'import * as route2_main from "/assets/product-C.js";\n' +
  'const route2 = {...route2_main};\n' +
  '  window.__reactRouterManifest = {"url": "/assets/manifest-1.js"};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/shop/layout":route1,"routes/shop/product":route2};\n\n' +
  'import("/assets/entry.client-D.js");</script>'
const PAGE =
  '<!DOCTYPE html><html><head><title>Prix ₹1,299 ✓</title></head><body><img fetchpriority="high" src="/uploads/a-640.webp"/>' +
  '<script nonce="n0">window.__reactRouterContext = {};</script>' +
  MODULE_SCRIPT +
  '<script nonce="n0">window.__reactRouterContext.streamController.close();</script>' +
  '<script type="module">import "/assets/other.js";</script></body></html>'

/** Streams `text` through the transform in chunks of `size` bytes (splitting tags and multi-byte characters). */
async function through(text: string, size: number): Promise<string> {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  const out: Buffer[] = []
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterMainPicture())) out.push(Buffer.from(chunk))
  return Buffer.concat(out).toString('utf8')
}

describe('importAfterMainPicture', () => {
  it('waits for the main picture, then imports the same modules under the same names', () => {
    const script = importAfterMainPicture(MODULE_SCRIPT) as string
    expect(script.startsWith('<script nonce="n0" type="module" async="">')).toBe(true)
    expect(script.endsWith('import("/assets/entry.client-D.js");</script>')).toBe(true)
    expect(script).not.toMatch(/^import \* as/m)
    const wait = script.indexOf(MAIN_PICTURE_WAIT)
    const load = script.indexOf(
      'const [route0, route1, route2_main] = await Promise.all([import("/assets/root-A.js"), import("/assets/layout-B.js"), import("/assets/product-C.js")]);',
    )
    expect(wait).toBeGreaterThan(0)
    expect(load).toBeGreaterThan(wait)
    // What used the imported names comes after them, unchanged.
    expect(script.indexOf('const route2 = {...route2_main};')).toBeGreaterThan(load)
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/shop/layout":route1,"routes/shop/product":route2};')
  })

  it('is valid module code that waits for the picture and caps the wait', () => {
    const script = importAfterMainPicture(MODULE_SCRIPT) as string
    const body = script.slice(script.indexOf('>') + 1, script.lastIndexOf('</script>'))
    // Parses as an async function body (top-level await in a module); `import(` stays a call.
    expect(() => new Function(`return (async () => {${body.replaceAll('import(', 'load(')}})`)).not.toThrow()
    expect(MAIN_PICTURE_WAIT).toContain('img[fetchpriority="high"]')
    expect(MAIN_PICTURE_WAIT).toContain('img.complete')
    expect(MAIN_PICTURE_WAIT).toContain('"error"')
    expect(MAIN_PICTURE_WAIT).toContain('setTimeout(go, 2500)')
  })

  it('leaves a script of another shape alone', () => {
    expect(importAfterMainPicture('<script type="module">import("/assets/entry.client-D.js");</script>')).toBeNull()
    expect(importAfterMainPicture('<script type="module">')).toBeNull()
  })
})

describe('scriptsAfterMainPicture', () => {
  it.each([1, 3, 7, 64, 100_000])('rewrites the first module script only, and passes everything else (chunks of %i bytes)', async (size) => {
    const html = await through(PAGE, size)
    expect(html).toBe(PAGE.replace(MODULE_SCRIPT, importAfterMainPicture(MODULE_SCRIPT) as string))
    expect(html).toContain('<title>Prix ₹1,299 ✓</title>')
    expect(html).toContain('<script type="module">import "/assets/other.js";</script>')
  })

  it('passes a page without a module script through whole', async () => {
    const page = '<html><body><p>Résumé < 3 ✓</p><script>1 < 2</script></body></html>'
    expect(await through(page, 2)).toBe(page)
    expect(await through(page, 1000)).toBe(page)
  })
})
