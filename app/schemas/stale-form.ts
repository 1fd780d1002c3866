// The answer to a form whose hidden fields (its intent, its one-time key) are missing or not ours: a
// page older than the code, or a hand-made request. Nobody can fix a hidden field: they reload.
import { z } from 'zod'

export const STALE_FORM_MESSAGE = 'This form is out of date: reload the page and try again.'

/** A form's hidden intent: exactly `value`, else the stale-form message. */
export const intentOf = <const Value extends string>(value: Value) => z.literal(value, { error: STALE_FORM_MESSAGE })
