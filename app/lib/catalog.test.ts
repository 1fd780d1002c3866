import { describe, expect, it } from 'vitest'
import { CATEGORIES, categoryLabel, optionLabelOf, missingChoicesMessage, optionsHeading, VARIETY_LABELS, VARIETY_OPTION_LABELS } from './catalog'

describe('missingChoicesMessage', () => {
  it('names every choice still missing', () => {
    expect(missingChoicesMessage('size', true)).toBe('Choose a size and a colour')
    expect(missingChoicesMessage('pack', false)).toBe('Choose a pack')
    expect(missingChoicesMessage('choice', false)).toBe('Choose an option')
    expect(missingChoicesMessage(null, true)).toBe('Choose a colour')
  })

  it('is null once nothing is missing', () => {
    expect(missingChoicesMessage(null, false)).toBeNull()
  })
})

describe('the catalogue vocabulary', () => {
  it('lists the categories with their labels in the specification order', () => {
    expect(CATEGORIES).toEqual([
      { id: 'jewellery', label: 'Jewellery' },
      { id: 'home-decor', label: 'Home Decor' },
      { id: 'gifting-memories', label: 'Gifting & Memories' },
      { id: 'special-occasion', label: 'Special Occasion' },
    ])
    expect(categoryLabel('home-decor')).toBe('Home Decor')
    expect(categoryLabel('unknown')).toBe('unknown')
  })

  it('words each variety type one way: the cart label, the detail heading, the admin select', () => {
    expect(VARIETY_LABELS).toEqual({ choice: 'Choice', size: 'Size', pack: 'Pack' })
    expect(optionsHeading(optionLabelOf('', 'size'))).toBe('Size Options')
    expect(optionsHeading(optionLabelOf('Chain', 'choice'))).toBe('Chain Options')
    expect(VARIETY_OPTION_LABELS).toEqual({ choice: 'Choice options', size: 'Size options', pack: 'Pack options' })
  })
})
