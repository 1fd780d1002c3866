// The frame of every mail: inline styles only (mail clients drop <style> and classes), one column
// at most 560 px wide so it reads on a phone, the shop's name on top and a way back to the shop.
import type { ReactNode } from 'react'
import type { MailBrand } from './types'

export const COLORS = { ink: '#18181b', muted: '#52525b', line: '#e4e4e7', brand: '#0f766e', panel: '#f4f4f5' } as const

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

export function MailLayout({ brand, preview, children }: { brand: MailBrand; preview: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{brand.shopName}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLORS.panel, color: COLORS.ink, fontFamily: font }}>
        {/* The line a mail app shows beside the subject; hidden in the message itself. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <div style={{ maxWidth: 560, margin: '0 auto', padding: '16px 12px' }}>
          <div style={{ background: COLORS.ink, color: '#ffffff', padding: '14px 16px', borderRadius: '8px 8px 0 0' }}>
            <a href={`${brand.publicUrl}/shop/home`} style={{ color: '#ffffff', textDecoration: 'none', fontSize: 18, fontWeight: 700 }}>
              {brand.shopName}
            </a>
          </div>
          <div style={{ background: '#ffffff', padding: 16, borderRadius: '0 0 8px 8px', fontSize: 15, lineHeight: 1.5 }}>{children}</div>
          <p style={{ color: COLORS.muted, fontSize: 12, textAlign: 'center', margin: '12px 0 0' }}>
            {brand.shopName} · <a href={brand.publicUrl} style={{ color: COLORS.muted }}>{brand.publicUrl.replace(/^https?:\/\//, '')}</a>
          </p>
        </div>
      </body>
    </html>
  )
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ fontSize: 20, margin: '0 0 12px', lineHeight: 1.3 }}>{children}</h1>
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 12px' }}>{children}</p>
}

/** A button-like link, big enough for a thumb (44 px tall). */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '16px 0' }}>
      <a
        href={href}
        style={{
          display: 'inline-block',
          background: COLORS.brand,
          color: '#ffffff',
          textDecoration: 'none',
          fontWeight: 600,
          padding: '12px 20px',
          borderRadius: 6,
          lineHeight: '20px',
        }}
      >
        {children}
      </a>
    </p>
  )
}

export function Muted({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 12px', color: COLORS.muted, fontSize: 13 }}>{children}</p>
}
