// React Router writes a <link rel="modulepreload"> for every script of the page, and React hoists them
// into <head>: on a slow phone link the browser then fetches ~130 kB of JavaScript at once with the
// page's main picture, which gets a sixth of the bandwidth (the product page's largest paint took
// 2.1-2.5 s with JS against 1.3-1.5 s without). This stream leaves those links out. The module script
// at the end of <body> still imports the page's own modules at once; the shared framework chunk they
// import (~100 kB) follows a round trip later, after the picture (docs/decisions/044-flat-memory-and-lcp.md).
// Moving the links to the end of <body> instead was tried: the JS then raced the picture's first bytes.
import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g

/** The page's HTML without the modulepreload links of its <head>; the rest passes through untouched. */
export function withoutModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8')
  /** Text of the head, held until `</head>` arrives; null after. */
  let head: string | null = ''
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk)
      if (head === null) {
        if (text) this.push(text)
        return callback()
      }
      head += text
      const end = head.indexOf('</head>')
      if (end === -1) return callback()
      this.push(head.slice(0, end).replace(MODULE_PRELOAD, '') + head.slice(end))
      head = null
      callback()
    },
    flush(callback) {
      const text = (head ?? '') + decoder.end()
      if (text) this.push(text)
      callback()
    },
  })
}
