// Typed errors thrown by the domain services; the adapters map them to HTTP answers in one place
// each (app/api/handle-api.server.ts for /api, app/web/form-action.server.ts for pages).
import type { z } from 'zod'

export type FieldErrors = Record<string, string[]>

export class DomainError extends Error {
  readonly status: number = 400
}

export class Invalid extends DomainError {
  override readonly status = 400
  constructor(
    readonly errors: FieldErrors,
    message = Object.values(errors)[0]?.[0] ?? 'Invalid input.',
  ) {
    super(message)
  }
}

export class Unauthorized extends DomainError {
  override readonly status = 401
}

export class Forbidden extends DomainError {
  override readonly status = 403
  constructor(message = 'You are not allowed to do that.') {
    super(message)
  }
}

export class NotFound extends DomainError {
  override readonly status = 404
  constructor(message = 'Not found.') {
    super(message)
  }
}

export class Conflict extends DomainError {
  override readonly status = 409
}

export class TooManyRequests extends DomainError {
  override readonly status = 429
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
  }
}

/** A service the shop depends on (the courier aggregator) could not answer: down, slow or refusing our credentials. */
export class ServiceUnavailable extends DomainError {
  override readonly status = 503
}

/** Validates a value against a schema; throws Invalid with messages per field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  // A Map, not an object: a field named `constructor` or `__proto__` must stay a plain key.
  const errors = new Map<string, string[]>()
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body'
    errors.set(field, [...(errors.get(field) ?? []), issue.message])
  }
  throw new Invalid(Object.fromEntries(errors))
}
