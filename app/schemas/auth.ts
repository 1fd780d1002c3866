// The register and login forms: one schema each, shared by the pages (Conform) and /api.
import { z } from 'zod'

/** An email address as every form takes it: trimmed, lower-cased. */
export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email is too long' })
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((v) => v.toLowerCase())

export const registerSchema = z.object({
  userName: z
    .string({ error: 'User name is required' })
    .trim()
    .min(1, { error: 'User name is required' })
    .max(60, { error: 'User name can be at most 60 characters' }),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(128, { error: 'Password can be at most 128 characters' }),
  // Opt-in to marketing mails (ADR 089): unticked by default; a form's "on" or /api's true.
  marketingMail: z
    .union([z.literal('on'), z.boolean()])
    .transform((v) => v === 'on' || v === true)
    .optional(),
})

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(128, { error: 'Password can be at most 128 characters' }),
})

export type RegisterInput = z.infer<typeof registerSchema>
export type LoginInput = z.infer<typeof loginSchema>

/** Forgot password: the account's email (the answer does not say whether it has one). */
export const forgotPasswordSchema = z.object({ email })

/** A new password from a reset link: the register form's password rules. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is missing its token' }).trim().min(1, { error: 'The reset link is missing its token' }).max(200),
  password: registerSchema.shape.password,
})

export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>
