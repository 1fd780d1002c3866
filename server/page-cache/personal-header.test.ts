import { beforeEach, describe, expect, it } from 'vitest'
import { getConfig } from '~/infra/config.server'
import type { SessionUser } from '~/lib/user'
import { renderShopHeader } from '~/web/personal-header.server'
import type { Personal } from '~/web/personal'
import { COUNT_MARK, forgetPersonalAnswers, personalHeader } from './personal'

const asha: SessionUser = { id: 'user-asha', userName: 'Asha', email: 'asha@example.com', role: 'user' }
const bela: SessionUser = { id: 'user-bela', userName: 'Bela Rao', email: 'bela@example.com', role: 'user' }

/** Her header as the page's own render would draw it for her, with nothing kept. */
async function rendered(url: string, personal: Personal): Promise<string> {
  return renderShopHeader({ url, theme: 'system', shopName: getConfig().SHOP_NAME, personal })
}

async function spliced(url: string, personal: Personal): Promise<string> {
  return (await personalHeader(url, 'system', personal)).bytes.toString()
}

describe("a shopper's header made from her template (ADR 119)", () => {
  beforeEach(() => forgetPersonalAnswers())

  it('is byte for byte the header rendered for her, whatever her count, her count in each of its places', async () => {
    for (const cartCount of [3, 0, 1, 2, 10, 99, 3]) {
      const personal = { user: asha, cartCount }
      const html = await spliced('/shop/listing?category=jewellery', personal)
      expect(html).toBe(await rendered('/shop/listing?category=jewellery', personal))
      expect(html).toContain(`Cart, ${cartCount} items`)
      expect(html).toContain(`"cartCount":${cartCount}`)
      expect(html).not.toContain(COUNT_MARK)
    }
  })

  it("never gives one shopper another's name, nor a guest a signed-in header", async () => {
    await spliced('/shop/home', { user: asha, cartCount: 2 })
    const belas = await spliced('/shop/home', { user: bela, cartCount: 5 })
    expect(belas).toBe(await rendered('/shop/home', { user: bela, cartCount: 5 }))
    expect(belas).not.toContain('Asha')
    const guest = await spliced('/shop/home', { user: null, cartCount: 2 })
    expect(guest).toBe(await rendered('/shop/home', { user: null, cartCount: 2 }))
    expect(guest).not.toMatch(/Asha|Bela/)
  })

  it('is rendered whole when the mark is in her name or the page’s address, so her count goes only where a count goes', async () => {
    const named = { user: { ...asha, userName: `Asha ${COUNT_MARK}` }, cartCount: 4 }
    expect(await spliced('/shop/home', named)).toBe(await rendered('/shop/home', named))
    const address = `/shop/search?keyword=${COUNT_MARK}`
    expect(await spliced(address, { user: asha, cartCount: 4 })).toBe(await rendered(address, { user: asha, cartCount: 4 }))
  })
})
