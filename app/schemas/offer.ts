// An automatic offer as the owner writes it (the admin's form and /api's POST and PUT body, ADR 078):
// one schema, taking the form's strings or the API's numbers and booleans. Dates are India's time
// as a datetime-local field gives them ("2026-11-01T09:00"); rupees become paise here.
import { z } from 'zod'
import { indiaLocalToIso } from '~/lib/banners'
import { CATEGORY_IDS } from '~/lib/catalog'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import { MAX_OFFER_PERCENT, OFFER_KINDS, OFFER_SCOPES } from '~/lib/offers'

const MAX_RUPEES = 10_00_000

/** A form's text or the API's number, as text ('' for nothing). */
const text = z
  .preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string().trim().max(60).optional())
  .transform((v) => v ?? '')

const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean())

/** The form's checkboxes (one value or many) or the API's list. */
const ids = z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().min(1).max(64)).max(20))

/** An India date and time, to the ISO moment it names. */
const moment = (label: string) =>
  text.transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` })
      return ''
    }
    const iso = indiaLocalToIso(v)
    if (!iso) ctx.addIssue({ code: 'custom', message: `${label} must be a date and time, e.g. 2026-11-01T09:00` })
    return iso ?? ''
  })

export const offerSchema = z
  .object({
    name: text.pipe(z.string({ error: 'Name is required' }).min(1, { error: 'Name is required' }).max(60, { error: 'Use at most 60 characters' })),
    kind: z.enum(OFFER_KINDS, { error: 'Choose a percentage off or free delivery' }),
    percent: text,
    minOrder: text,
    scope: z.enum(OFFER_SCOPES, { error: 'Choose what the offer is for' }).default('shop'),
    scopeItems: ids,
    /** The admin form's two pickers (the API sends scopeItems): the one of the chosen scope counts. */
    categories: ids,
    products: ids,
    startsAt: moment('Start'),
    endsAt: moment('End'),
    paused: flag.default(false),
    stackable: flag.default(false),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent_off' && Number.isNaN(percentOf(input))) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: `Enter a whole percent from 1 to ${MAX_OFFER_PERCENT}` })
    }
    if (input.kind === 'free_delivery' && Number.isNaN(minOrderOf(input))) {
      ctx.addIssue({ code: 'custom', path: ['minOrder'], message: 'Enter the order amount in rupees, e.g. 999' })
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
    }
    const items = itemsOf(input)
    if (input.kind === 'percent_off' && input.scope === 'products' && items.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['scopeItems'], message: 'Choose at least one product' })
    }
    if (input.kind === 'percent_off' && input.scope === 'categories') {
      if (items.length === 0) ctx.addIssue({ code: 'custom', path: ['scopeItems'], message: 'Choose at least one category' })
      else if (items.some((id) => !(CATEGORY_IDS as readonly string[]).includes(id))) {
        ctx.addIssue({ code: 'custom', path: ['scopeItems'], message: 'Choose categories from the list' })
      }
    }
  })

type OfferFields = z.output<typeof offerSchema>

function percentOf(input: Pick<OfferFields, 'percent'>): number {
  const raw = input.percent.replace(/[%\s]/g, '')
  const percent = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return percent >= 1 && percent <= MAX_OFFER_PERCENT ? percent : Number.NaN
}

function minOrderOf(input: Pick<OfferFields, 'minOrder'>): number {
  const raw = input.minOrder.replace(/[₹,\s]/g, '')
  const rupees = /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN
  return rupees > 0 && rupees <= MAX_RUPEES && isWholePaise(rupees) ? rupeesToPaise(rupees) : Number.NaN
}

function itemsOf(input: Pick<OfferFields, 'scope' | 'scopeItems' | 'categories' | 'products'>): string[] {
  if (input.scope === 'shop') return []
  return [...new Set(input.scopeItems.length ? input.scopeItems : input.scope === 'categories' ? input.categories : input.products)]
}

/** A parsed offer as the domain takes it: a percent-off's percent and scope, or free delivery's amount. */
export function toOfferInput(fields: OfferFields) {
  const percentOff = fields.kind === 'percent_off'
  const scopeItems = percentOff ? itemsOf(fields) : []
  return {
    name: fields.name,
    kind: fields.kind,
    percent: percentOff ? percentOf(fields) : 0,
    minOrderPaise: percentOff ? 0 : minOrderOf(fields),
    scope: scopeItems.length ? fields.scope : ('shop' as const),
    scopeItems,
    startsAt: fields.startsAt,
    endsAt: fields.endsAt,
    paused: fields.paused,
    stackable: percentOff && fields.stackable,
  }
}

export type OfferInput = ReturnType<typeof toOfferInput>
