// On a slow phone link every byte in flight shares the bandwidth. React Router's module script (the
// end of <body>) imports the page's route modules at once, and their ~5 kB (then the framework they
// import) arrive while the page's main picture is still loading: on the throttled product page the
// picture finished ~150 ms later with JS than without. This stream rewrites that one script so it
// first waits for the main picture (the `fetchpriority="high"` image; at most 2.5 s, at once when
// there is none or it has loaded or failed), then imports the same modules. The page works without
// JS meanwhile, as it always does before hydration (docs/decisions/045-main-picture-first.md).
import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

/** The opening tag (React writes the nonce before the type). */
const MODULE_SCRIPT_START = /<script\b[^>]*\btype="module"[^>]*>/
/** Longer than any opening script tag: what may still be the start of one cut by a chunk boundary. */
const TAG_TAIL = 256
const SCRIPT_END = '</script>'
/** `import * as route0 from "/assets/root-X.js";`, one line each, as React Router writes them. */
const STATIC_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"\\\n]+");\n?/gm
/** The longest test is whether the main picture is still loading; the cap keeps a stuck one from holding the scripts. */
export const MAIN_PICTURE_WAIT =
  'await new Promise((go) => { const img = document.querySelector(\'img[fetchpriority="high"]\'); if (!img || img.complete) return go(); img.addEventListener("load", go); img.addEventListener("error", go); setTimeout(go, 2500) });'

/**
 * React Router's module script with its static imports turned into imports that start once the
 * main picture is in; null when the text is not in the shape expected (then it is left as it was).
 */
export function importAfterMainPicture(script: string): string | null {
  const open = script.indexOf('>')
  const close = script.lastIndexOf(SCRIPT_END)
  if (open < 0 || close < open) return null
  const body = script.slice(open + 1, close)
  const imports = [...body.matchAll(STATIC_IMPORT)]
  if (imports.length === 0) return null
  const names = imports.map((match) => match[1]).join(', ')
  const loads = imports.map((match) => `import(${match[2]})`).join(', ')
  const rest = body.replace(STATIC_IMPORT, '')
  return `${script.slice(0, open + 1)}\n${MAIN_PICTURE_WAIT}\nconst [${names}] = await Promise.all([${loads}]);\n${rest}${script.slice(close)}`
}

/** The page's HTML with its first module script rewritten by importAfterMainPicture; the rest untouched. */
export function scriptsAfterMainPicture(): Transform {
  const decoder = new StringDecoder('utf8')
  /** Text not yet passed on: a possible start of the script tag, or the script until its end. */
  let pending = ''
  let done = false
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk)
      if (done) {
        if (text) this.push(text)
        return callback()
      }
      pending += text
      const start = pending.search(MODULE_SCRIPT_START)
      if (start === -1) {
        // Keep a tail that may be the start of the tag cut by the chunk boundary.
        const lastTag = pending.lastIndexOf('<')
        const keepFrom = lastTag >= 0 && pending.length - lastTag < TAG_TAIL ? lastTag : pending.length
        const out = pending.slice(0, keepFrom)
        if (out) this.push(out)
        pending = pending.slice(keepFrom)
        return callback()
      }
      const end = pending.indexOf(SCRIPT_END, start)
      if (end === -1) return callback()
      const script = pending.slice(start, end + SCRIPT_END.length)
      this.push(pending.slice(0, start) + (importAfterMainPicture(script) ?? script) + pending.slice(end + SCRIPT_END.length))
      pending = ''
      done = true
      callback()
    },
    flush(callback) {
      const text = pending + decoder.end()
      if (text) this.push(text)
      callback()
    },
  })
}
