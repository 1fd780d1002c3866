// The admin's banners in their home-page order (ADR 074): each with its status, words and link, and
// Up, Down, Edit and Delete. Up and Down are plain posts; with JS a banner can also be dragged to its
// place (the new order posts as intent=reorder).
import { type DragEvent, useEffect, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import type { BannerState } from '~/lib/banners'
import { formatDateTime } from '~/lib/dates'
import { responsiveImage } from '~/lib/images'

export interface AdminBanner {
  id: string
  image: string
  headline: string
  subline: string
  buttonText: string
  link: string
  startsAt: string | null
  endsAt: string | null
  state: BannerState
}

function scheduleText(banner: AdminBanner): string {
  if (banner.state === 'ended' && banner.endsAt) return `Ended ${formatDateTime(banner.endsAt)}`
  if (banner.state === 'scheduled' && banner.startsAt) return `Starts ${formatDateTime(banner.startsAt)}`
  return banner.endsAt ? `Live until ${formatDateTime(banner.endsAt)}` : 'Live'
}

export function BannerList({ banners }: { banners: AdminBanner[] }) {
  const fetcher = useFetcher()
  const [order, setOrder] = useState(banners)
  const [dragged, setDragged] = useState<string | null>(null)
  useEffect(() => setOrder(banners), [banners])

  function drop(event: DragEvent, onto: string) {
    event.preventDefault()
    if (!dragged || dragged === onto) return
    const ids = order.map((b) => b.id).filter((id) => id !== dragged)
    ids.splice(ids.indexOf(onto) + (order.findIndex((b) => b.id === dragged) < order.findIndex((b) => b.id === onto) ? 1 : 0), 0, dragged)
    setOrder(ids.map((id) => order.find((b) => b.id === id) as AdminBanner))
    setDragged(null)
    const form = new FormData()
    form.set('intent', 'reorder')
    for (const id of ids) form.append('order', id)
    fetcher.submit(form, { method: 'post' })
  }

  if (!order.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No banners yet: the home page shows its products alone.</p>
  return (
    <ol className="grid gap-3" aria-label="Banners in home-page order">
      {order.map((banner, index) => {
        const image = responsiveImage(banner.image)
        const name = banner.headline || `Banner ${index + 1}`
        return (
          <li
            key={banner.id}
            draggable
            onDragStart={() => setDragged(banner.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => drop(event, banner.id)}
            aria-label={name}
            className={`grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[12rem_1fr] dark:border-zinc-800 ${dragged === banner.id ? 'opacity-50' : ''}`}
          >
            <img src={image.src} srcSet={image.srcSet} sizes="(min-width: 640px) 12rem, 100vw" width={640} height={256} alt="" className="aspect-[5/2] w-full rounded object-cover" />
            <div className="grid content-start gap-1 text-sm">
              <p className="font-semibold">
                {index + 1}. {name}
              </p>
              <p className={banner.state === 'live' ? 'text-green-700 dark:text-green-400' : 'text-zinc-600 dark:text-zinc-400'}>{scheduleText(banner)}</p>
              {banner.subline ? <p>{banner.subline}</p> : null}
              {banner.link ? (
                <p className="break-all text-zinc-600 dark:text-zinc-400">
                  {banner.buttonText} → {banner.link}
                </p>
              ) : null}
              <div className="mt-1 flex flex-wrap gap-2">
                <Form method="post" action="/admin/features" className="contents">
                  <input type="hidden" name="id" value={banner.id} />
                  <button type="submit" name="intent" value="up" disabled={index === 0} className={buttonClass('outline', 'sm')} aria-label={`Move ${name} up`}>
                    Up
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    disabled={index === order.length - 1}
                    className={buttonClass('outline', 'sm')}
                    aria-label={`Move ${name} down`}
                  >
                    Down
                  </button>
                </Form>
                <Link to={`/admin/features?edit=${banner.id}`} className={buttonClass('outline', 'sm')} aria-label={`Edit ${name}`}>
                  Edit
                </Link>
                <Link to={`/admin/features?delete=${banner.id}`} className={buttonClass('destructive', 'sm')} aria-label={`Delete ${name}`}>
                  Delete
                </Link>
              </div>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
