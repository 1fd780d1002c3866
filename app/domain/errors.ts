// Typed errors thrown by the domain services; routes map them to HTTP statuses in one place.

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
