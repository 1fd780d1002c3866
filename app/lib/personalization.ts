// Personalised pieces (issue 27, docs/decisions/069-personalised-pieces.md): a product's fields (a
// name to engrave, a date) and the values a cart or order line keeps for them. The vocabulary, the
// limits, the messages and the pure rules, once, for the domain, the schemas and the product page.

export const PERSONALIZATION_KINDS = ['text', 'date'] as const
export type PersonalizationKind = (typeof PERSONALIZATION_KINDS)[number]

export const PERSONALIZATION_LIMITS = {
  /** Fields a product may ask for. */
  fields: 3,
  /** The longest value a field may allow (characters, counted as Unicode code points after NFC). */
  maxLength: 60,
  /** The longest label. */
  label: 40,
  /** The largest price add-on, in paise (₹10,000). */
  addOnPaise: 1_000_000,
} as const

/** A field a product asks for; `pricePaise` is added to the line's unit price when the field is filled. */
export interface PersonalizationField {
  label: string
  kind: PersonalizationKind
  maxLength: number
  required: boolean
  pricePaise: number
}

/** A line's values, label -> value, in the product's field order; only filled fields. */
export type PersonalizationValues = Record<string, string>

/** A date field's value is always this long (YYYY-MM-DD). */
const DATE_LENGTH = 10

export const PERSONALIZATION_MESSAGES = {
  required: (label: string) => `Please fill in ${label}.`,
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  control: (label: string) => `${label} cannot contain control characters.`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  unknown: (label: string) => `This piece has no personalisation called ${label}.`,
  notText: (label: string) => `${label} must be text.`,
  gone: 'The personalisation of this piece has changed. Please remove it and add it again.',
} as const

/**
 * Control characters (C0, DEL, C1) and the invisible bidirectional controls that can make a name
 * read differently from what is stored (embeddings, overrides, isolates, marks). Zero-width joiners
 * (U+200C, U+200D) stay: Indic scripts (Hindi, Tamil...) need them.
 */
const CONTROL = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** A text as a label or a value is kept: NFC, trimmed; null when it holds a control character. */
export function cleanPersonalText(value: string): string | null {
  const normal = value.normalize('NFC').trim()
  return CONTROL.test(normal) ? null : normal
}

/** Characters as the limits count them (code points, so a Tamil letter of two code units is one). */
export function textLength(value: string): number {
  return [...value].length
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, DATE_LENGTH) === value
}

/** The longest value a field takes: its own limit, a date's 10. */
export function fieldMaxLength(field: Pick<PersonalizationField, 'kind' | 'maxLength'>): number {
  return field.kind === 'date' ? DATE_LENGTH : field.maxLength
}

/**
 * Checks a line's values against the product's fields: each value cleaned (NFC, trimmed, no control
 * characters), within its length, a real date for a date field, every required field filled, no
 * label the product lacks. Answers the values in field order (blank optional ones dropped) and the
 * errors by label ('' for a label the product does not ask for).
 */
export function checkPersonalization(
  fields: readonly PersonalizationField[],
  given: Record<string, unknown>,
): { values: PersonalizationValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const values: PersonalizationValues = {}
  const known = new Set(fields.map((f) => f.label))
  for (const label of Object.keys(given)) {
    if (!known.has(label.normalize('NFC').trim())) errors[''] = PERSONALIZATION_MESSAGES.unknown(label)
  }
  const byLabel = new Map(Object.entries(given).map(([label, value]) => [label.normalize('NFC').trim(), value]))
  for (const field of fields) {
    const raw = byLabel.get(field.label)
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[field.label] = PERSONALIZATION_MESSAGES.notText(field.label)
      continue
    }
    const value = cleanPersonalText(raw ?? '')
    if (value === null) errors[field.label] = PERSONALIZATION_MESSAGES.control(field.label)
    else if (value === '') {
      if (field.required) errors[field.label] = PERSONALIZATION_MESSAGES.required(field.label)
    } else if (field.kind === 'date' && !isCalendarDate(value)) errors[field.label] = PERSONALIZATION_MESSAGES.date(field.label)
    else if (textLength(value) > fieldMaxLength(field)) errors[field.label] = PERSONALIZATION_MESSAGES.tooLong(field.label, fieldMaxLength(field))
    else values[field.label] = value
  }
  return { values, errors }
}

/** The add-on a line's values cost on top of its unit price: the filled fields' prices. */
export function addOnPaise(fields: readonly PersonalizationField[], values: PersonalizationValues): number {
  return fields.reduce((sum, field) => sum + (values[field.label] ? field.pricePaise : 0), 0)
}

/**
 * The values as a line stores them and tells lines apart: JSON of label -> value in the product's
 * field order; '' when there are none (every line before personalisation, and every plain piece).
 */
export function personalizationKey(values: PersonalizationValues): string {
  return Object.keys(values).length ? JSON.stringify(values) : ''
}

/** A stored key read back (anything unreadable reads as none). */
export function readPersonalization(key: string): PersonalizationValues {
  if (!key) return {}
  try {
    const parsed: unknown = JSON.parse(key)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  } catch {
    return {}
  }
}

/** The values in words, ['Name to engrave: Priya'], for the cart, the order, mails and the invoice. */
export function personalizationWords(values: PersonalizationValues): string[] {
  return Object.entries(values).map(([label, value]) => `${label}: ${value}`)
}

/** A product's stored fields read back (anything unreadable reads as none). */
export function readPersonalizationFields(json: string): PersonalizationField[] {
  try {
    const parsed: unknown = JSON.parse(json || '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.flatMap((f): PersonalizationField[] => {
      if (typeof f !== 'object' || f === null || typeof f.label !== 'string') return []
      return [
        {
          label: f.label,
          kind: f.kind === 'date' ? 'date' : 'text',
          maxLength: Number.isInteger(f.maxLength) ? f.maxLength : PERSONALIZATION_LIMITS.maxLength,
          required: f.required === true,
          pricePaise: Number.isInteger(f.pricePaise) ? f.pricePaise : 0,
        },
      ]
    })
  } catch {
    return []
  }
}

/** The form field (product page) for a product's field: by position, as a label may hold any character. */
export function personalizationFieldName(index: number): string {
  return `personalization${index}`
}
