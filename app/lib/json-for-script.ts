/**
 * A value as JSON safe inside a `<script type="application/json">` element: no `<` (so no `</script>`
 * or `<!--` whatever a shopper typed) and no line separators. Such an element is a data block, never run.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
