// A complaint in the admin's list shows the refusal of a move posted from a page opened before it was
// resolved: without JS that page comes back with the complaint as it is now (resolved, no form), and the
// 409's words were only in the page's data, never on the screen.
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Complaint } from '~/domain/complaints/complaints.server'
import { COMPLAINT_MESSAGES } from '~/lib/complaints'
import { ComplaintItem } from './complaint-item'

let shown: React.ReactElement | null = null
const Shown = () => shown
const Stub = createRoutesStub([{ path: '/admin/complaints', Component: Shown }])

function render(element: React.ReactElement): string {
  shown = element
  return renderToStaticMarkup(<Stub initialEntries={['/admin/complaints']} />)
}

const complaint: Complaint = {
  id: 7,
  ticket: 'RC-2026-000007',
  name: 'Leela Menon',
  email: 'leela@example.com',
  phone: '',
  orderId: null,
  orderNumber: null,
  message: 'The earrings arrived with a chip.',
  status: 'open',
  resolution: '',
  createdAt: '2026-11-28T04:00:00.000Z',
  resolvedAt: null,
}
const resolved: Complaint = { ...complaint, status: 'resolved', resolution: 'A new pair went out on Monday.', resolvedAt: '2026-11-29T05:00:00.000Z' }

describe('ComplaintItem', () => {
  it('an open complaint has its form; a refused move shows next to the status', () => {
    const reply = { complaintId: 7, errors: { status: [COMPLAINT_MESSAGES.changedMeanwhile('In progress')] } }
    const html = render(<ComplaintItem complaint={complaint} reply={reply} />)
    expect(html).toContain('Save RC-2026-000007')
    expect(html).toMatch(/<p id="complaint-7-status-error" role="alert"[^>]*>This complaint is now In progress: /)
  })

  it('a resolved complaint shows its resolution and no form', () => {
    const html = render(<ComplaintItem complaint={resolved} reply={null} />)
    expect(html).toContain('RC-2026-000007 · Resolved')
    expect(html).toContain(': A new pair went out on Monday.')
    expect(html).not.toContain('<form')
    expect(html).not.toContain('role="alert"')
  })

  it('a resolved complaint still shows the refusal of a move posted from an older page', () => {
    const reply = { complaintId: 7, errors: { status: [COMPLAINT_MESSAGES.moveRefused] } }
    const html = render(<ComplaintItem complaint={resolved} reply={reply} />)
    expect(html).not.toContain('<form')
    expect(html).toMatch(/<p id="complaint-7-status-error" role="alert"[^>]*>This complaint is already resolved: a resolved complaint cannot be moved again\./)
  })
})
