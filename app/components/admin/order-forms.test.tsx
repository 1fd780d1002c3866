// The admin's status control offers only the moves ORDER_STATUS_MOVES allows the admin from the
// order's status (a closed order shows the words, no control); shipping details fields come with a
// move to inShipping, and the shipping details form shows what is set and each field's message.
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ALL_ORDER_STATUSES, nextOrderStatuses, type OrderStatus } from '~/lib/order-status'
import type { FormReply } from '~/web/form-reply'
import { OrderStatusForm, replyOf, TrackingForm } from './order-forms'

/** The element under test, shown by the stub router's one route (forms need a router around them). */
let shown: React.ReactElement | null = null
const Shown = () => shown
const Stub = createRoutesStub([{ path: '/admin/orders/o1', Component: Shown }])

function render(element: React.ReactElement): string {
  shown = element
  return renderToStaticMarkup(<Stub initialEntries={['/admin/orders/o1']} />)
}

/** The option values of the page's status select, in order ('' is 'Select status'). */
const optionsOf = (html: string) => [...(html.match(/<select[^>]*name="orderStatus"[\s\S]*?<\/select>/)?.[0] ?? '').matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])

describe('OrderStatusForm', () => {
  const expected: Record<OrderStatus, string[]> = {
    pending: ['rejected'],
    confirmed: ['inProcess', 'rejected'],
    inProcess: ['inShipping', 'rejected'],
    inShipping: ['delivered', 'rejected'],
    delivered: [],
    cancelled: [],
    rejected: [],
  }

  it.each(ALL_ORDER_STATUSES)('from %s lists only the allowed moves', (status) => {
    const html = render(<OrderStatusForm status={status} />)
    expect(nextOrderStatuses(status, 'admin')).toEqual(expected[status])
    if (expected[status].length === 0) {
      expect(html).not.toContain('<select')
      expect(html).not.toContain('Update Order Status')
      expect(html).toContain('This order is closed; its status no longer changes.')
      // The sentence is one paragraph, not split into grid items of a grid box (the '.' fell onto a line of its own).
      expect(html).toMatch(/<p[^>]*>Order Status: <strong>[^<]+<\/strong>\. This order is closed; its status no longer changes\.<\/p>/)
      expect(html).not.toMatch(/<p[^>]*class="[^"]*\bgrid\b[^"]*"[^>]*>Order Status:/)
      return
    }
    expect(optionsOf(html)).toEqual(['', ...expected[status]])
    expect(html).toContain('>Select status</option>')
    expect(html).toContain('Update Order Status')
  })

  it('brings the shipping details fields only with a move to inShipping', () => {
    const html = render(<OrderStatusForm status="inProcess" />)
    for (const name of ['carrier', 'trackingNumber', 'trackingUrl']) expect(html).toContain(`name="${name}"`)
    expect(html).toContain('Used when the status is Shipped')
    expect(render(<OrderStatusForm status="confirmed" />)).not.toContain('name="carrier"')
    expect(render(<OrderStatusForm status="inShipping" />)).not.toContain('name="carrier"')
  })

  it("shows the specification's message under the select and keeps the chosen move and typed details", () => {
    const reply: FormReply = {
      status: 'error',
      initialValue: { orderStatus: 'inShipping', carrier: 'Delhivery', trackingUrl: 'ftp://x' },
      error: { trackingUrl: ['Tracking link must be a web address starting with http:// or https://.'] },
    }
    const html = render(<OrderStatusForm status="inProcess" reply={reply} />)
    expect(html).toMatch(/<option value="inShipping" selected="">/)
    expect(html).toContain('value="Delhivery"')
    expect(html).toContain('Tracking link must be a web address starting with http:// or https://.')
    const missing = render(<OrderStatusForm status="confirmed" reply={{ status: 'error', error: { orderStatus: ['Please select an order status before submitting.'] } }} />)
    expect(missing).toContain('role="alert"')
    expect(missing).toContain('Please select an order status before submitting.')
  })
})

describe('TrackingForm', () => {
  it('shows the details set, and a refusal as its own message', () => {
    const tracking = { carrier: 'India Post', number: 'EE123456789IN', url: null }
    const html = render(<TrackingForm tracking={tracking} />)
    expect(html).toContain('value="India Post"')
    expect(html).toContain('value="EE123456789IN"')
    expect(html).toContain('name="intent" value="tracking"')
    const refused: FormReply = { status: 'error', initialValue: { intent: 'tracking' }, error: { tracking: ['Shipping details can be added once the order is shipped.'] } }
    expect(replyOf(refused, 'status')).toBeUndefined()
    expect(render(<TrackingForm tracking={tracking} reply={replyOf(refused, 'tracking')} />)).toContain('Shipping details can be added once the order is shipped.')
  })
})
