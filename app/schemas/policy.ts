// The admin's policy editor (ADR 081): the text with Save or Preview, and Restore of an old version.
// The domain normalises the text and refuses an unchanged one; the schema bounds its size.
import { z } from 'zod'
import { POLICY_LIMITS, POLICY_MESSAGES } from '~/lib/policies'
import { intentOf } from './stale-form'

export const POLICY_EDIT_INTENTS = ['save', 'preview'] as const

/** The editor's form: Save adds a version, Preview shows the text as the page would without saving. */
export const policyEditSchema = z.object({
  intent: z.enum(POLICY_EDIT_INTENTS).default('save'),
  body: z
    .string({ error: POLICY_MESSAGES.bodyRequired })
    .max(POLICY_LIMITS.bodyLength, { error: POLICY_MESSAGES.bodyTooLong })
    .refine((text) => text.trim() !== '', { error: POLICY_MESSAGES.bodyRequired }),
})

/** A history row's Restore button. */
export const policyRestoreSchema = z.object({
  intent: intentOf('restore'),
  versionId: z.coerce.number({ error: POLICY_MESSAGES.versionNotFound }).int({ error: POLICY_MESSAGES.versionNotFound }).positive({ error: POLICY_MESSAGES.versionNotFound }),
})
