// The mail to an address that asked to hear when a sold-out piece (or one of its options) is back.
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, RenderedMail } from './types'
import { html, text } from './parts.server'

/** One mail, then the address is forgotten: it says so, so nobody waits for a second. */
export function backInStockMail(brand: MailBrand, input: { title: string; shelf: string; productId: string }): RenderedMail {
  const piece = input.shelf ? `${input.title} (${input.shelf})` : input.title
  const link = `${brand.publicUrl}/shop/product/${encodeURIComponent(input.productId)}`
  const subject = `Back in stock: ${piece}`
  const soon = 'Handmade pieces come in small batches, so it may not last long.'
  const forgotten = 'You asked us to tell you once; we have now forgotten your address for this piece.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={soon}>
        <Heading>{piece} is back in stock</Heading>
        <Paragraph>{soon}</Paragraph>
        <ButtonLink href={link}>See the piece</ButtonLink>
        <Muted>{forgotten}</Muted>
      </MailLayout>,
    ),
    text: text(brand, `${piece} is back in stock.`, soon, `See the piece: ${link}`, forgotten),
  }
}
