// Forgotten passwords from any client (pages and /api): rate limits, then the domain. Asking for a
// link answers the same, in about the same time, whether or not the address has an account.
import { getDb } from '~/infra/db.server'
import { authLimits } from '~/infra/rate-limit.server'
import type { ForgotPasswordInput, ResetPasswordInput } from '~/schemas/auth'
import { requestPasswordReset, resetPassword } from '~/domain/accounts/password-resets.server'

/** The least time a request for a link takes, so its answer's timing says nothing about the address. */
const ANSWER_FLOOR_MS = 200

export async function askForPasswordReset(ip: string, input: ForgotPasswordInput): Promise<void> {
  await authLimits().beforePasswordResetRequest(ip, input.email)
  const floor = new Promise((done) => setTimeout(done, ANSWER_FLOOR_MS))
  await requestPasswordReset(getDb(), input.email)
  await floor
}

export async function setPasswordFromLink(ip: string, input: ResetPasswordInput) {
  await authLimits().beforePasswordReset(ip)
  return resetPassword(getDb(), input)
}
