// A delivered order past the returns window says when it closed and links the policy; an order still
// open for returns, or not delivered, says nothing here.
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import { ReturnWindowNote } from './return-window-note'

type Returnable = Parameters<typeof ReturnWindowNote>[0]['returnable']

let shown: Returnable = { refusedFor: null, windowEndsAt: null }
const Shown = () => <ReturnWindowNote returnable={shown} />
const Stub = createRoutesStub([{ path: '/shop/account/orders/o1', Component: Shown }])

function render(returnable: Returnable): string {
  shown = returnable
  return renderToStaticMarkup(<Stub initialEntries={['/shop/account/orders/o1']} />)
}

it('names the day the window closed and links the Returns policy', () => {
  const html = render({ refusedFor: 'windowClosed', windowEndsAt: '2026-11-27T16:30:00.000Z' })
  expect(html).toContain('Returns for this order closed on 27 Nov 2026')
  expect(html).toContain('href="/shop/policies/returns"')
})

it('says nothing while returns are open or before delivery', () => {
  expect(render({ refusedFor: null, windowEndsAt: '2026-12-05T16:30:00.000Z' })).toBe('')
  expect(render({ refusedFor: 'notDelivered', windowEndsAt: null })).toBe('')
})
