// The seller's grievance officer (Consumer Protection (E-Commerce) Rules, 2020, rule 4; issue 32): the
// GRIEVANCE_OFFICER_* variables, validated at start with the rest of the configuration
// (app/infra/config.server.ts), and the officer a page shows. Unset, the officer is the studio's owner
// at the shop's contact address and phone.
import { z } from 'zod'

export interface GrievanceOfficer {
  name: string
  designation: string
  email: string
  phone: string
}

export const DEFAULT_GRIEVANCE_OFFICER = { name: 'The studio owner', designation: 'Grievance Officer' } as const

/** A phone as people write it: digits with spaces, dashes, brackets and a leading +. */
const PHONE = /^\+?[0-9][0-9 ()-]{6,18}[0-9]$/

const text = (what: string) =>
  z
    .string()
    .trim()
    .min(2, { error: `must be the officer's ${what}` })
    .max(100, { error: 'must be at most 100 characters' })
    .optional()

/** The variables, for the server's configuration schema. */
export const GRIEVANCE_ENV_SHAPE = {
  GRIEVANCE_OFFICER_NAME: text('name'),
  GRIEVANCE_OFFICER_DESIGNATION: text('designation'),
  GRIEVANCE_OFFICER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().regex(PHONE, { error: 'must be a phone number, e.g. +91 98765 43210' }).optional(),
}

type GrievanceEnv = { [K in keyof typeof GRIEVANCE_ENV_SHAPE]?: string | undefined }

/** The officer the configuration names, the shop's contact standing in for what is not set. */
export function grievanceOfficer(config: GrievanceEnv & { CONTACT_EMAIL: string; CONTACT_PHONE: string }): GrievanceOfficer {
  return {
    name: config.GRIEVANCE_OFFICER_NAME ?? DEFAULT_GRIEVANCE_OFFICER.name,
    designation: config.GRIEVANCE_OFFICER_DESIGNATION ?? DEFAULT_GRIEVANCE_OFFICER.designation,
    email: config.GRIEVANCE_OFFICER_EMAIL ?? config.CONTACT_EMAIL,
    phone: config.GRIEVANCE_OFFICER_PHONE ?? config.CONTACT_PHONE,
  }
}
