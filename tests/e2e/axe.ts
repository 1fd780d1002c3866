// axe-core's WCAG 2.1 A and AA rules on a page (contrast.spec.ts runs its colour rule alone, in both
// themes). axe needs JavaScript in the page: in the no-js project the page is read again in a tab of
// the same size and cookies whose own scripts are not loaded, so axe sees the server's HTML, as a
// phone without JS shows it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { jsEnabled } from './fixtures'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeFinding {
  rule: string
  impact: string
  target: string
  html: string
}

async function run(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE)
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script evaluated above, untyped in the page.
    const axe = (window as any).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    return result.violations.flatMap((v: { id: string; impact: string; nodes: { target: string[]; html: string }[] }) =>
      v.nodes.map((n) => ({ rule: v.id, impact: v.impact, target: n.target.join(' '), html: n.html.slice(0, 160) })),
    )
  })
}

/** The WCAG 2.1 A/AA violations (axe-core) of the page now shown, one a node; [] when there is none. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (jsEnabled()) return run(page)
  const browser = page.context().browser()
  if (!browser) throw new Error('axeFindings: the page has no browser')
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true })
  try {
    await context.addCookies(await page.context().cookies())
    const copy = await context.newPage()
    await copy.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort())
    await copy.goto(page.url())
    return await run(copy)
  } finally {
    await context.close()
  }
}
