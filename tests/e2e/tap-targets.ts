// Measuring the page's controls as a thumb meets them (tap-targets.spec.ts, phone-menu.spec.ts).
import type { Page } from '@playwright/test'

/** The smallest a control may be on a phone, in CSS pixels (WCAG 2.5.5; Apple's and Google's guides). */
export const MIN_TAP_PX = 44

export interface TapTarget {
  /** What the control is: tag, and its text or label. */
  name: string
  width: number
  height: number
  /** An inline text link inside running text (a paragraph): allowed to be the text's height. */
  inline: boolean
}

/**
 * Every visible control of the page as a thumb meets it: links, buttons, summaries, fields, and
 * for a checkbox or radio the label that carries it (the box itself is often tiny or hidden).
 */
export async function tapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate(() => {
    const seen = new Set<Element>()
    const found: { name: string; width: number; height: number; inline: boolean }[] = []
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, summary, select, textarea, input:not([type="hidden"])',
    )
    for (const control of controls) {
      const input = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type) ? control : null
      const target: HTMLElement = input?.labels?.[0] ?? control
      if (seen.has(target)) continue
      seen.add(target)
      // Closed <details> content keeps boxes in Chromium (content-visibility: hidden): not on screen.
      if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      const rect = target.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      // Visually hidden (sr-only) controls without a label are not tapped.
      if (rect.width <= 1 && rect.height <= 1) continue
      const text = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      found.push({
        name: `${target.tagName.toLowerCase()} "${text}"`,
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
        inline: target.tagName === 'A' && target.closest('p') !== null,
      })
    }
    return found
  })
}
