import { describe, expect, it } from 'vitest'
import { fillHole, findHole, HOLE_START } from './personal'

const header = (text: string) => `${HOLE_START} class="h"><nav>${text}</nav></header>`
const page = (inner: string) => Buffer.from(`<html><body>${inner}<main><header class="grid">About</header></main></body></html>`)

describe('the header hole of a kept page', () => {
  it("is the shop header's element, up to its own end tag: a later <header> in the page is not part of it", () => {
    const html = page(header('Login'))
    const hole = findHole(html)
    expect(html.subarray(hole?.start, hole?.end).toString()).toBe(header('Login'))
    expect(fillHole(html, header('Logged in as Asha'))?.toString()).toBe(page(header('Logged in as Asha')).toString())
  })

  it('is refused when the page has none, two, or the header given is not one', () => {
    expect(fillHole(page('<header class="h">x</header>'), header('x'))).toBeNull()
    expect(fillHole(page(header('a') + header('b')), header('x'))).toBeNull()
    expect(fillHole(page(header('a')), '<div>x</div>')).toBeNull()
  })
})
