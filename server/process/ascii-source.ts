// JavaScript source rewritten in ASCII (ADR 113): every UTF-16 unit above 0x7f as a \uXXXX escape,
// which means the same character in a string, a template, a regular expression, an identifier and a
// comment. A character already escaped by a backslash of its own ('\₹', the same as '₹') loses that
// backslash, or the rewrite would read as a backslash followed by the letters u20b9.
export function asciiSource(code: string): string {
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_match, slashes: string, unit: string) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes
    return `${kept}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
}
