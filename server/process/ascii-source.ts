// JavaScript source rewritten in ASCII (ADR 113): every UTF-16 unit above 0x7f as a \uXXXX escape,
// which means the same character in a string, a cooked template, a regular expression and a comment.
// A character already escaped by a backslash of its own ('\₹', the same as '₹') loses that
// backslash, or the rewrite would read as a backslash followed by the letters u20b9.
//
// Where an escape would not mean the same, the rewrite refuses instead: a line or paragraph
// separator (U+2028, U+2029: a line end in a comment, nothing after a backslash) throws here, a
// tagged template with such a character in its raw strings is refused by the build's plugin
// (`taggedTemplateAboveAscii`), and the plugin parses each rewritten chunk, so a character that was
// only allowed unescaped (a non-ASCII space between tokens) fails the build instead of the server.
const ABOVE_ASCII = /[\u0080-\uffff]/

export function asciiSource(code: string): string {
  if (/[\u2028\u2029]/.test(code)) throw new Error('A line or paragraph separator (U+2028, U+2029) in the server build: write it as an escape in the source')
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_match, slashes: string, unit: string) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes
    return `${kept}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
}

/** Whether a parsed program (ESTree) has a tagged template whose raw strings hold a character above 0x7f: its tag would see the escape. */
export function taggedTemplateAboveAscii(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false
  if (Array.isArray(node)) return node.some(taggedTemplateAboveAscii)
  const tagged = node as { type?: string; quasi?: { quasis: { value: { raw: string } }[] } }
  if (tagged.type === 'TaggedTemplateExpression' && tagged.quasi?.quasis.some((quasi) => ABOVE_ASCII.test(quasi.value.raw))) return true
  return Object.values(node).some(taggedTemplateAboveAscii)
}
