import { describe, expect, it } from 'vitest'
import { withoutModulePreloads } from './module-preloads.server'

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="image" imageSrcSet="/uploads/a-640.webp 640w" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-X.js" nonce="n"/><link rel="modulepreload" href="/assets/framework-Y.js" nonce="n"/>' +
  '<title>Résumé ✓</title></head><body><p>Prix: ₹1,299</p>' +
  '<link rel="modulepreload" href="/assets/late.js"/>' +
  '<script type="module" async="">import("/assets/entry.client-X.js");</script></body></html>'

/** Streams `text` through the transform in chunks of `size` bytes (splitting tags and multi-byte characters). */
async function through(text: string, size: number): Promise<string> {
  const bytes = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
  const page = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  return new Response(page.pipeThrough(withoutModulePreloads())).text()
}

describe('withoutModulePreloads', () => {
  it.each([1, 3, 7, 64, 100_000])('leaves the head without modulepreload links and all else as it was (chunks of %i bytes)', async (size) => {
    const html = await through(PAGE, size)
    expect(html).toBe(PAGE.replace(/<link rel="modulepreload" href="\/assets\/(entry|framework)[^>]*>/g, ''))
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('<title>Résumé ✓</title>')
    // Only the head's links go: the module script and anything in the body stay.
    expect(html).toContain('<link rel="modulepreload" href="/assets/late.js"/>')
    expect(html).toContain('import("/assets/entry.client-X.js")')
  })

  it('passes a fragment without </head> through whole', async () => {
    const fragment = '<link rel="modulepreload" href="/a.js"/><p>no head</p>'
    expect(await through(fragment, 5)).toBe(fragment)
  })
})
