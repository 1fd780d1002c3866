// The complaint vocabulary (Consumer Protection (E-Commerce) Rules 2020, issue 32, ADR 089): a
// complaint's statuses and moves, its ticket number, the form's limits and the words people read.
// db/schema.ts, the migration's CHECK, the domain (app/domain/complaints/) and the admin's select derive from here.

export const COMPLAINT_STATUSES = ['open', 'inProgress', 'resolved'] as const
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number]

/** open -> in progress -> resolved; a complaint may be resolved straight from open; resolved ends it. */
export const COMPLAINT_MOVES: Record<ComplaintStatus, readonly ComplaintStatus[]> = {
  open: ['inProgress', 'resolved'],
  inProgress: ['resolved'],
  resolved: [],
}

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Open',
  inProgress: 'In progress',
  resolved: 'Resolved',
}

export function isComplaintStatus(value: unknown): value is ComplaintStatus {
  return typeof value === 'string' && (COMPLAINT_STATUSES as readonly string[]).includes(value)
}

export function canMoveComplaint(from: ComplaintStatus, to: ComplaintStatus): boolean {
  return COMPLAINT_MOVES[from].includes(to)
}

/** The admin's form answered with a message per field, for the complaint it was about (a 400 or 409). */
export interface ComplaintFormReply {
  complaintId: number
  errors: Record<string, string[]>
}

/** The rules ask for a complaint to be resolved within one month of its receipt. */
export const COMPLAINT_RESOLVE_DAYS = 30
/** The day by which the rules ask for a complaint received at `createdAt` to be resolved. */
export function complaintResolveBy(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + COMPLAINT_RESOLVE_DAYS * 24 * 60 * 60 * 1000).toISOString()
}
/** The dashboard shows unresolved complaints this many days old or older. */
export const COMPLAINT_NEARING_DAYS = 21

export const COMPLAINT_LIMITS = { name: 80, email: 254, message: 4000, resolution: 2000 } as const

/** Complaints per client address and per email in an hour (like the custom-order form's limits). */
export const COMPLAINT_RATE = { perAddress: 5, perEmail: 3, seconds: 60 * 60 } as const

/** 'RC-2026-000123': the year it was received (India) and its number. */
export function formatComplaintTicket(id: number, createdAt: string): string {
  return `RC-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`
}

/** The id inside a ticket ('RC-2026-000123' -> 123); null when it is not one. */
export function complaintIdOfTicket(ticket: string): number | null {
  const match = /^RC-\d{4}-(\d{6,})$/.exec(ticket.trim().toUpperCase())
  return match ? Number(match[1]) : null
}

export const COMPLAINT_MESSAGES = {
  sent: 'Thank you. Your complaint is registered as ticket {ticket}; we have mailed you an acknowledgement.',
  tooMany: 'Too many complaints from here. Please try again in an hour, or write to our grievance officer.',
  notFound: 'No such complaint',
  orderNotYours: 'Choose one of your orders',
  moveRefused: 'This complaint is already resolved: a resolved complaint cannot be moved again. Reload the page to see its resolution.',
  changedMeanwhile: (status: string) => `This complaint is now ${status}: it changed since this page was opened. Reload the page and choose again.`,
  resolutionRequired: 'Say how the complaint was resolved',
  updated: 'Complaint updated',
} as const
