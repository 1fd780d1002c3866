import { describe, expect, it } from 'vitest'
import { personalElement, personalJson } from './personal'

describe('personalJson', () => {
  it('cannot close its script element or open a comment, whatever the name, and reads back the same', () => {
    const userName = '</script><script>alert(1)</script><!--\u2028'
    const personal = { user: { id: 'u1', userName, email: 'a@example.com', role: 'user' as const }, cartCount: 2 }
    const element = personalElement(personal)
    const inside = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'))
    expect(inside).not.toContain('<')
    expect(inside).not.toContain('\u2028')
    expect(element.match(/<\/script>/g)).toHaveLength(1)
    expect(JSON.parse(personalJson(personal))).toEqual(personal)
  })
})
