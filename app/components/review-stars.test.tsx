// The stars beside a product's price: none while the product has no counted review (ADR 062).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ReviewStars } from './review-stars'

describe('ReviewStars', () => {
  it('shows no star while the product has no review, whatever average its row holds', () => {
    for (const value of [0, 4.4]) {
      const html = renderToStaticMarkup(<ReviewStars value={value} count={0} />)
      expect(html).not.toContain('★')
      expect(html).toContain('No reviews yet')
    }
  })

  it('shows the average as stars and a number, with a link to the reviews', () => {
    const html = renderToStaticMarkup(<ReviewStars value={4.33} count={3} />)
    expect(html).toContain('★★★★<span')
    expect(html).toContain('4.3 out of 5')
    expect(html).toContain('href="#reviews"')
    expect(html).not.toContain('No reviews yet')
  })
})
