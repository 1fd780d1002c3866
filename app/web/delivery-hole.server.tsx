// The product page's delivery section rendered alone for one shopper, to splice into a kept page
// (ADR 106): the same component and props the page's own render would use, so the bytes are those the
// client hydrates. It holds a plain GET form and no router link, so it needs no router around it.
import { renderToString } from 'react-dom/server.edge'
import { type DeliveryCheck, DeliveryCheckForm } from '~/components/delivery-check'

/** The `<section data-delivery="">` element of a product page for this check, as HTML. */
export function renderDeliveryCheck(check: DeliveryCheck): string {
  return renderToString(<DeliveryCheckForm check={check} />)
}
