// An order's returns (issue 31, ADR 099), on the shopper's order page and the admin's: each with its
// state, pieces and reasons, the shopper's note and the studio's message; an approved return tells
// the shopper where to send the parcel. The admin's page adds its controls under each return.
import type { ReactNode } from 'react'
import { formatDate } from '~/lib/dates'
import { returnPhotoName } from '~/lib/return-photos'
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnView } from '~/lib/returns'
import { ExchangeNote } from './exchange-parts'
import { ReturnPickupNote } from './return-pickup-note'

export function ReturnList({
  returns,
  sendTo,
  controls,
  photoBase,
  orderBase = '/shop/account/orders',
  forOwner = false,
}: {
  returns: ReturnView[]
  sendTo: string
  controls?: (ret: ReturnView) => ReactNode
  /** Where this page's viewer gets a return's photos (ADR 101): the order's own photo route. */
  photoBase: string
  /** Where a replacement order's link points (the shop's order pages, or the admin's). */
  orderBase?: string
  /** The owner's order page: words about the shopper rather than to her. */
  forOwner?: boolean
}) {
  if (returns.length === 0) return null
  return (
    <section aria-labelledby="returns-heading" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="returns-heading" className="font-semibold">
        Returns
      </h2>
      <ul className="grid gap-4">
        {returns.map((ret) => (
          <li key={ret.id} className="grid gap-1 text-sm" data-return-status={ret.status} aria-label={`Return ${ret.number}`}>
            <p className="font-medium">
              Return {ret.number}: {ret.exchange && ret.status === 'refunded' ? 'Exchanged' : RETURN_STATUS_LABELS[ret.status]}{' '}
              <span className="font-normal text-zinc-500 dark:text-zinc-400">· {formatDate(ret.updatedAt)}</span>
            </p>
            <p>Pieces: {ret.items.map((i) => `${i.quantity} × ${i.title} (${RETURN_REASON_LABELS[i.reason]})`).join(', ')}</p>
            {ret.note ? <p>Note: {ret.note}</p> : null}
            <ReturnPhotos photos={ret.photos} base={photoBase} number={ret.number} />
            {ret.ownerMessage ? <p>Message from the studio: {ret.ownerMessage}</p> : null}
            {ret.status === 'approved' ? <ReturnPickupNote ret={ret} sendTo={sendTo} forOwner={forOwner} /> : null}
            {ret.status === 'received' ? (
              <p>
                Received:{' '}
                {ret.received.map((r) => `${r.quantity} × ${ret.items.find((i) => i.line === r.line)?.title ?? 'piece'} ${r.restock ? 'back in stock' : 'written off'}`).join(', ')}
              </p>
            ) : null}
            {ret.exchange ? <ExchangeNote exchange={ret.exchange} orderBase={orderBase} /> : null}
            {ret.status === 'refunded' && !ret.exchange ? <p>Refunded{ret.withoutPickup ? ' without the pieces coming back' : ''}: see Refunds.</p> : null}
            {controls?.(ret)}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A return's photos of damage: thumbnails, each a link to the full photo. */
function ReturnPhotos({ photos, base, number }: { photos: string[]; base: string; number: number }) {
  if (photos.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Photos of return ${number}`}>
      {photos.map((url, i) => (
        <li key={url}>
          <a href={`${base}/${returnPhotoName(url, 'full')}`} target="_blank" rel="noopener" className="block">
            <img
              src={`${base}/${returnPhotoName(url, 'thumb')}`}
              alt={`Damage shown for return ${number}, ${i + 1} of ${photos.length}`}
              width={96}
              height={96}
              loading="lazy"
              className="h-24 w-24 rounded border border-zinc-200 object-cover dark:border-zinc-800"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
