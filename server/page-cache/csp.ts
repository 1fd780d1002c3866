// A rendered page made fit to share: its per-response nonce turned into the hashes of the inline
// scripts that carried it, in the page's own Content-Security-Policy (ADR 042, ADR 049).
import { createHash } from 'node:crypto'
import { type AnswerMeta, buildAnswer } from './answers'
import type { CachedPage } from './store'

/** The script elements that run (not data blocks such as JSON-LD, not files). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const TYPE = /\btype\s*=\s*["']?([^"'\s>]*)/i
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/**
 * The base64 SHA-256 of each inline script that runs and carries this response's nonce: the scripts
 * the app wrote (React Router's, React's). A script injected into the page cannot know the nonce, so
 * it is never hashed and stays blocked on the kept page as on the fresh one (ADR 049). The root's
 * constant script has no nonce: the policy allows it by its own hash (server/security-headers.ts).
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>()
  const ours = ` nonce="${nonce}"`
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? ''
    const text = match[2] ?? ''
    if (!nonce || !attributes.includes(ours) || /\bsrc\s*=/i.test(attributes)) continue
    const type = TYPE.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (!SCRIPT_TYPES.has(type)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/**
 * Turns a rendered page (with this response's nonce) into a cacheable one: the nonce attributes go,
 * and the policy names each inline script by its hash instead. Null when the page is not fit (no
 * nonce in the policy, or the nonce appears anywhere else in the page).
 */
export async function buildPage(body: Buffer, { nonce, csp, ...rest }: { nonce: string } & AnswerMeta): Promise<CachedPage | null> {
  const nonceSource = `'nonce-${nonce}'`
  if (!nonce || !csp.includes(nonceSource)) return null
  const rendered = body.toString('utf8')
  // Hashed before the nonce goes: only the scripts that carried it.
  const scripts = inlineScriptHashes(rendered, nonce)
  const html = rendered.replaceAll(` nonce="${nonce}"`, '')
  if (html.includes(nonce)) return null
  const present = new Set(csp.split(/\s+/))
  const hashes = scripts.map((h) => `'sha256-${h}'`).filter((h) => !present.has(h))
  const policy = csp.replace(nonceSource, hashes.join(' ')).replace(/ {2,}/g, ' ')
  return buildAnswer(Buffer.from(html, 'utf8'), { ...rest, csp: policy })
}
