import { describe, expect, it } from 'vitest'
import { siblingWrite } from './sibling-writes'

describe("a sibling worker's message", () => {
  it('drops only the products it names plainly, and everything when it says anything else', () => {
    expect(siblingWrite({ products: ['wave-bowl'] })).toEqual({ products: ['wave-bowl'] })
    expect(siblingWrite({ productPages: ['moon-pendant'] })).toEqual({ productPages: ['moon-pendant'] })
    expect(siblingWrite({ productAnswers: ['wave-bowl'] })).toEqual({ productAnswers: ['wave-bowl'] })
    for (const odd of [undefined, null, 'all', { products: 'wave-bowl' }, { products: [1] }, { productPages: [null] }, { productAnswers: 'wave-bowl' }, {}]) expect(siblingWrite(odd), JSON.stringify(odd)).toEqual({ all: true })
  })
})
