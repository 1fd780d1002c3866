// One A4 document: the words a document shapes are kept for the next ones (keepShapedWords), and
// the text still comes out whole. Read back with poppler's pdftotext.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { a4Pdf } from './a4-pdf.server'
import { loadFonts } from './fonts.server'

const pdfText = (content: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8')

function drawLines(lines: string[]) {
  return a4Pdf({ margin: 40, info: { Title: 'Test' } }, (pdf) => {
    for (const line of lines) pdf.text(line)
  })
}

describe('a4Pdf', () => {
  afterEach(() => vi.restoreAllMocks())

  it('draws with the fontkit our fonts are parsed by: pdfkit\'s CommonJS build, so fontkit is loaded once (ADR 113)', async () => {
    const text = pdfText(await drawLines(['One fontkit']))
    expect(text).toContain('One fontkit')
    const require = createRequire(import.meta.url)
    const pdfkit = require.cache[require.resolve('pdfkit')]
    const fontkit = createRequire(require.resolve('pdfkit')).resolve('fontkit')
    expect(pdfkit?.children.map((child) => child.id)).toContain(fontkit)
    expect(require.cache[fontkit]).toBeDefined()
  })

  it('shapes a word once for every document of the process, and each document still prints it', async () => {
    const shaped: string[] = []
    const regular = loadFonts().regular as unknown as { layout: (text: string) => unknown }
    const layout = regular.layout.bind(regular)
    vi.spyOn(regular, 'layout').mockImplementation((text: string) => {
      shaped.push(text)
      return layout(text)
    })
    const first = await drawLines(['Quixotic zephyrs ₹1,499.00', 'Quixotic again'])
    const second = await drawLines(['Quixotic zephyrs ₹1,499.00', 'Jumbled vortex'])
    expect(shaped.filter((word) => word === 'Quixotic ')).toEqual(['Quixotic '])
    expect(shaped.filter((word) => word === '₹1,499.00')).toEqual(['₹1,499.00'])
    expect(shaped).toContain('vortex')
    expect(pdfText(first)).toMatch(/Quixotic zephyrs ₹1,499.00\s+Quixotic again/)
    expect(pdfText(second)).toMatch(/Quixotic zephyrs ₹1,499.00\s+Jumbled vortex/)
  })

  it('embeds our regular font once, and no Helvetica', async () => {
    const content = await drawLines(['Plain text'])
    // One font embedded (DejaVu Sans as a subset), not Helvetica nor a second copy of ours.
    const fonts = execFileSync('pdffonts', ['-'], { input: content }).toString('utf8')
    expect(fonts.match(/DejaVuSans/g)).toHaveLength(1)
    expect(fonts).not.toMatch(/Helvetica/)
  })
})
