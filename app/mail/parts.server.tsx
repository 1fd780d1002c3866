// What every mail is built from: the HTML document, the text mail's signature, the order's lines and
// address in both forms, and the links back into the shop.
import { personalizationWords } from '~/lib/personalization'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server.edge'
import { formatPaise } from '~/lib/money'
import { COLORS, } from './layout'
import type { MailBrand, MailOrder, MailOrderLine } from './types'

export function html(element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`
}

/** Text mails: paragraphs, then the shop's name and address. */
export function text(brand: MailBrand, ...parts: (string | null | false | undefined)[]): string {
  return `${[...parts.filter((p): p is string => Boolean(p)), `${brand.shopName}\n${brand.publicUrl}`].join('\n\n')}\n`
}

export const orderUrl = (brand: MailBrand, orderId: string) => `${brand.publicUrl}/shop/account/orders/${encodeURIComponent(orderId)}`
export const adminOrderUrl = (brand: MailBrand, orderId: string) => `${brand.publicUrl}/admin/orders/${encodeURIComponent(orderId)}`

function lineDetails(line: MailOrderLine): string {
  const variety = line.optionLabel && line.varietyName ? `${line.optionLabel}: ${line.varietyName}` : ''
  const option2 = line.option2 ? `${line.option2Label || 'Option'}: ${line.option2}` : ''
  const color = line.color ? `Colour: ${line.color}` : ''
  return [variety, option2, color, ...personalizationWords(line.personalization)].filter(Boolean).join(', ')
}

export function LinesTable({ order }: { order: MailOrder }) {
  const cell = { padding: '8px 0', borderBottom: `1px solid ${COLORS.line}`, verticalAlign: 'top' as const }
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 12px' }}>
      <tbody>
        {order.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
          <tr key={i}>
            <td style={cell}>
              <strong>{line.title}</strong> × {line.quantity}
              {lineDetails(line) ? <div style={{ color: COLORS.muted, fontSize: 13 }}>{lineDetails(line)}</div> : null}
            </td>
            <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 8 }}>{formatPaise(line.unitPricePaise * line.quantity)}</td>
          </tr>
        ))}
        {order.discount ? (
          <tr>
            <td style={cell}>Discount ({order.discount.code})</td>
            <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>−{formatPaise(order.discount.amountPaise)}</td>
          </tr>
        ) : null}
        {order.deliveryFeePaise > 0 ? (
          <tr>
            <td style={cell}>Delivery</td>
            <td style={{ ...cell, textAlign: 'right' }}>{formatPaise(order.deliveryFeePaise)}</td>
          </tr>
        ) : null}
        <tr>
          <td style={{ padding: '8px 0', fontWeight: 700 }}>Total</td>
          <td style={{ padding: '8px 0', fontWeight: 700, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatPaise(order.totalPaise)}</td>
        </tr>
      </tbody>
    </table>
  )
}

export function linesText(order: MailOrder): string {
  const lines = order.lines.map((line) => {
    const details = lineDetails(line)
    return `- ${line.title} x ${line.quantity}${details ? ` (${details})` : ''}: ${formatPaise(line.unitPricePaise * line.quantity)}`
  })
  if (order.discount) lines.push(`- Discount (${order.discount.code}): -${formatPaise(order.discount.amountPaise)}`)
  if (order.deliveryFeePaise > 0) lines.push(`- Delivery: ${formatPaise(order.deliveryFeePaise)}`)
  lines.push(`Total: ${formatPaise(order.totalPaise)}`)
  return lines.join('\n')
}

export function addressLines(order: MailOrder): string[] {
  const a = order.address
  return [
    a.name || order.userName,
    a.addressLine,
    a.landmark ? `Landmark: ${a.landmark}` : '',
    `${a.city}, ${a.state} ${a.pincode}`,
    a.country,
    `Phone: ${a.phone}`,
  ].filter(Boolean)
}

export function Address({ order }: { order: MailOrder }) {
  return (
    <div style={{ background: COLORS.panel, padding: 12, borderRadius: 6, margin: '0 0 12px', fontSize: 14 }}>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>Shipping to</div>
      {addressLines(order).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  )
}

export const testNote = 'Test order: paid through the TEST MODE gateway, no money moved.'

