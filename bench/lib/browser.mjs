// Debian's Chromium through playwright-core, as the end-to-end tests launch it.
import { chromium } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** A 390 px wide phone (iPhone 12-15 class): 390 x 844 CSS px at 3x... we use 2x, a mid-range Android's density. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/** Cookie header value ("a=b; c=d") as Playwright cookies for the given origin. */
export function cookiesFor(url, header) {
  if (!header) return []
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url }
  })
}
