// React Router writes a <link rel="modulepreload"> for every script of the page, and React hoists them
// into <head>: on a slow phone link the browser then fetches ~130 kB of JavaScript at once with the
// page's main picture, which gets a sixth of the bandwidth (the product page's largest paint took
// 2.1-2.5 s with JS against 1.3-1.5 s without). This stream leaves those links out. The module script
// at the end of <body> still imports the page's own modules at once; the shared framework chunk they
// import (~100 kB) follows a round trip later, after the picture (docs/decisions/044-flat-memory-and-lcp.md).
// Moving the links to the end of <body> instead was tried: the JS then raced the picture's first bytes.

/** `</head>`: ASCII, so its bytes are found without decoding the page. */
const HEAD_END = Buffer.from('</head>')
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g

/**
 * The page's HTML without the modulepreload links of its <head>; the rest passes through untouched.
 * The head is edited as latin1 text: the links are ASCII, and every other byte (a multi-byte
 * character split between chunks included) goes back exactly as it came.
 */
export function withoutModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  /** The bytes of the head, held until `</head>` arrives; null after. */
  let head: Buffer | null = Buffer.alloc(0)
  return new TransformStream({
    transform(chunk, controller) {
      if (head === null) return controller.enqueue(chunk)
      head = Buffer.concat([head, chunk])
      const end = head.indexOf(HEAD_END)
      if (end === -1) return
      const text = head.toString('latin1')
      controller.enqueue(Buffer.from(text.slice(0, end).replace(MODULE_PRELOAD, '') + text.slice(end), 'latin1'))
      head = null
    },
    flush(controller) {
      if (head?.length) controller.enqueue(head)
    },
  })
}
