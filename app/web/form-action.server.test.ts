// formAction: the one way a page action answers a DomainError (a Conform reply, or a flash toast),
// and orNotFound, the loaders' 404.
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { beforeAll, describe, expect, it } from 'vitest'
import { Conflict, Invalid, NotFound, Unauthorized } from '~/domain/errors'
import { formAction, formReply, orNotFound } from './form-action.server'
import { replyMessage } from './form-reply'

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'form-action-test-secret-form-action-test'
})

const schema = z.object({ email: z.string(), password: z.string() })
function submission() {
  const form = new FormData()
  form.set('email', 'asha@example.com')
  form.set('password', 'secret-secret')
  return parseWithZod(form, { schema })
}

/** What a route receives from `data()`: the body and the status. */
function unwrap(answer: unknown): { body: unknown; status: number | undefined } {
  const value = answer as { data: unknown; init: { status?: number } | null }
  return { body: value.data, status: value.init?.status }
}

describe('formReply', () => {
  it('puts an Invalid on its fields and anything else over the form', () => {
    expect(formReply(new Invalid({ addressId: ['Please Select an Address.'] })).error).toEqual({ addressId: ['Please Select an Address.'] })
    expect(formReply(new Unauthorized('Invalid email or password')).error).toEqual({ '': ['Invalid email or password'] })
  })

  it('answers the submission, keeping its values less the hidden ones, and maps errors to fields when told', () => {
    const reply = formReply(new Conflict('Email already registered'), {
      submission: () => submission(),
      hideFields: ['password'],
      fieldErrors: (error) => (error instanceof Conflict ? { email: [error.message] } : undefined),
    })
    expect(reply.error).toEqual({ email: ['Email already registered'] })
    expect(reply.initialValue).toEqual({ email: 'asha@example.com' })
    expect(replyMessage(reply)).toBe('Email already registered')
  })
})

describe('formAction', () => {
  it("answers run's own answer when it succeeds", async () => {
    expect(await formAction(async () => 'done', { reply: {} })).toBe('done')
  })

  it('answers a domain error as a Conform reply with its status', async () => {
    const answer = await formAction(async () => {
      throw new Conflict('Email already registered')
    }, { reply: {} })
    expect(unwrap(answer)).toEqual({ body: { status: 'error', initialValue: null, error: { '': ['Email already registered'] } }, status: 409 })
  })

  it('answers a domain error as a flash toast back to the page, with the message it is given', async () => {
    const answer = await formAction(async () => {
      throw new Invalid({ addressId: ['You can add up to 3 addresses'] })
    }, { flash: '/shop/account?tab=address' })
    expect(answer).toBeInstanceOf(Response)
    const response = answer as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/shop/account?tab=address')
    expect(response.headers.get('Set-Cookie')).toMatch(/^__toast=/)
  })

  it('throws anything that is not a domain error on (the error page)', async () => {
    const failure = new Error('disk full')
    await expect(formAction(async () => Promise.reject(failure), { reply: {} })).rejects.toBe(failure)
  })
})

describe('orNotFound', () => {
  it('turns NotFound into the 404 page and lets other errors through', async () => {
    expect(await orNotFound(Promise.resolve(1))).toBe(1)
    const thrown = await orNotFound(Promise.reject(new NotFound())).catch((error: unknown) => error)
    expect(unwrap(thrown).status).toBe(404)
    const other = new Unauthorized('no')
    await expect(orNotFound(Promise.reject(other))).rejects.toBe(other)
  })
})
