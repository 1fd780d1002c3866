// The /api adapter kit: read a body, validate it, and map typed errors to JSON answers with real statuses.
import { withoutNul } from '~/lib/text'
import { DomainError, Invalid, TooManyRequests } from '~/domain/errors'

export interface ApiBody {
  success: boolean
  message?: string
  data?: unknown
  errors?: Record<string, string[]>
  [key: string]: unknown
}

const JSON_HEADERS = { 'Cache-Control': 'no-store' }

export function apiJson(body: ApiBody, init?: number | ResponseInit) {
  const responseInit = typeof init === 'number' ? { status: init } : (init ?? {})
  const headers = new Headers(responseInit.headers)
  for (const [k, v] of Object.entries(JSON_HEADERS)) if (!headers.has(k)) headers.set(k, v)
  return Response.json(body, { ...responseInit, headers })
}

/** The answer for an error thrown by a service (or anything else: 500 without details). */
export function apiError(error: unknown): Response {
  if (error instanceof Response) return error
  if (error instanceof Invalid) {
    return apiJson({ success: false, message: error.message, errors: error.errors }, 400)
  }
  if (error instanceof TooManyRequests) {
    return apiJson(
      { success: false, message: error.message },
      { status: 429, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
    )
  }
  if (error instanceof DomainError) return apiJson({ success: false, message: error.message }, error.status)
  console.error(error)
  return apiJson({ success: false, message: 'Something went wrong. Please try again.' }, 500)
}

/** Runs an /api handler, answering any thrown error as JSON. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (error) {
    return apiError(error)
  }
}

/** The request body as a plain value: JSON, or a form's fields. Malformed JSON is a 400. */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? ''
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    try {
      const form = await request.formData()
      return Object.fromEntries([...form].map(([name, value]) => [name, typeof value === 'string' ? withoutNul(value) : value]))
    } catch {
      throw new Invalid({ body: ['The form data could not be read.'] })
    }
  }
  const text = await request.text()
  if (text.trim() === '') return {}
  checkJsonShape(text)
  try {
    return JSON.parse(text, (_key, value) => (typeof value === 'string' ? withoutNul(value) : value))
  } catch {
    throw new Invalid({ body: ['The request body is not valid JSON.'] })
  }
}

/** Limits on a JSON body's shape: no /api body comes near them (the longest list, a product's images, is 8). */
export const JSON_LIMITS = { depth: 16, items: 1000 } as const

/**
 * Refuses (400) a JSON text nested deeper than JSON_LIMITS.depth or with an array or object of more
 * than JSON_LIMITS.items entries, before JSON.parse builds it (a 1 MB body of 100,000 keys or
 * 500,000 levels takes JSON.parse 100+ ms). One pass over the characters, skipping strings.
 */
export function checkJsonShape(text: string): void {
  const counts: number[] = []
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i += 1 // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (counts.length >= JSON_LIMITS.depth) throw new Invalid({ body: [`The request body is nested more than ${JSON_LIMITS.depth} levels deep.`] })
      counts.push(1)
    } else if (c === 93 || c === 125) counts.pop()
    else if (c === 44 && counts.length > 0) {
      const n = (counts[counts.length - 1] as number) + 1
      counts[counts.length - 1] = n
      if (n > JSON_LIMITS.items) throw new Invalid({ body: [`The request body has a list of more than ${JSON_LIMITS.items} entries.`] })
    }
  }
}

/** For /api paths that take no request of this method. */
export function methodNotAllowed(allowed: string): Response {
  return apiJson({ success: false, message: 'Method not allowed.' }, { status: 405, headers: { Allow: allowed } })
}
