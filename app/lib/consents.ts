// What a shopper may consent to (DPDP Act 2023, ADR 089): each purpose is opt-in (unticked by
// default) and recorded with its time in `consents`, given or withdrawn.
export const CONSENT_PURPOSES = ['marketingMail'] as const
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number]

export const CONSENT_LABELS: Record<ConsentPurpose, string> = {
  marketingMail: 'Send me mails about new pieces and offers (you can stop them any time in your account)',
}

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === 'string' && (CONSENT_PURPOSES as readonly string[]).includes(value)
}
