// The page twin of handleApi (app/api/handle-api.server.ts): every page action runs through
// formAction, and a DomainError gets the one page answer: a Conform reply with the error's status
// (field errors for Invalid, else a form error), or a flash toast back to a page. Loaders turn a
// NotFound into the 404 page with orNotFound. Anything else is thrown on (the error page, a 500).
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { DomainError, type FieldErrors, Invalid, NotFound } from '~/domain/errors'
import type { FormReply } from './form-reply'
import { redirectWithToast } from './toast/toast.server'

export type { FormReply }

export interface ReplyOptions {
  /** The submission the reply answers (or how to parse it, when only a failure needs it): its values come back to the form (less `hideFields`). */
  submission?: Submission<unknown> | (() => Submission<unknown>) | null
  hideFields?: string[]
  /** The field errors a domain error stands for; by default an Invalid's own, else none (a form error). */
  fieldErrors?: (error: DomainError) => FieldErrors | undefined
}

/** How a page answers a DomainError: a Conform reply, or a flash toast on the page it goes back to. */
export type OnDomainError = { reply: ReplyOptions } | { flash: string; message?: (error: DomainError) => string }

const ownFieldErrors = (error: DomainError) => (error instanceof Invalid ? error.errors : undefined)

/** A Conform reply for a domain error: its fields' messages, else one message for the whole form. */
export function formReply(error: DomainError, { submission, hideFields, fieldErrors = ownFieldErrors }: ReplyOptions = {}): FormReply {
  const fields = fieldErrors(error)
  const formErrors = fields ? undefined : [error.message]
  const answered = typeof submission === 'function' ? submission() : submission
  if (answered) return answered.reply({ formErrors, fieldErrors: fields, hideFields })
  return { status: 'error', initialValue: null, error: { ...fields, ...(formErrors ? { '': formErrors } : {}) } }
}

/** Runs a page action; a DomainError it throws is answered as `onError` says (success is `run`'s own answer). */
export async function formAction<T>(run: () => Promise<T>, onError: OnDomainError) {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if ('flash' in onError) {
      return redirectWithToast(onError.flash, { type: 'error', message: onError.message?.(error) ?? error.message })
    }
    return data(formReply(error, onError.reply), { status: error.status })
  }
}

/** A reply for input that did not parse (400), or a list intent without JS (200: render the form again). */
export function invalidForm(submission: Submission<unknown>, options?: { hideFields?: string[] }) {
  return data(submission.reply(options), { status: submission.status === 'error' ? 400 : 200 })
}

/** A loader's read, with NotFound turned into the 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 })
    throw error
  }
}
