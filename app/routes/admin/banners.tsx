import { ConfirmDelete } from '~/components/admin/confirm-delete'
import { BannerForm } from '~/components/admin/banner-form'
import { BannerList } from '~/components/admin/banner-list'
import { getDb } from '~/infra/db.server'
import { bannerLinkChoices, bannerState } from '~/lib/banners'
import { listBanners } from '~/domain/catalog/banners.server'
import { listOffers } from '~/domain/promotions/offers.server'
import { bannerAction } from '~/web/admin-banner-forms.server'
import type { Route } from './+types/banners'

export const meta: Route.MetaFunction = () => [{ title: 'Banners · Admin' }]

export async function loader({ request }: Route.LoaderArgs) {
  const now = new Date()
  const [stored, offers] = await Promise.all([listBanners(getDb()), listOffers(getDb())])
  const banners = stored.map((banner) => ({ ...banner, state: bannerState(banner, now) }))
  // A banner may lead to the pieces of an offer that runs now or will (ADR 074): the form suggests those links.
  const linkChoices = bannerLinkChoices(offers.filter((o) => o.kind === 'percent_off' && (o.state === 'live' || o.state === 'scheduled')))
  const params = new URL(request.url).searchParams
  const index = banners.findIndex((f) => f.id === params.get('delete'))
  return {
    banners,
    linkChoices,
    editing: banners.find((f) => f.id === params.get('edit')) ?? null,
    confirm: index === -1 ? null : { id: banners[index]?.id ?? '', name: banners[index]?.headline || `banner ${index + 1}` },
  }
}

export function action({ request }: Route.ActionArgs) {
  return bannerAction(request)
}

export default function AdminBanners({ loaderData, actionData }: Route.ComponentProps) {
  const { banners, editing, confirm, linkChoices } = loaderData
  const reply = actionData && typeof actionData === 'object' && 'status' in actionData ? actionData : null
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Feature Images</h1>
      {editing ? <BannerForm key={editing.id} banner={editing} lastResult={reply} linkChoices={linkChoices} /> : <BannerForm lastResult={reply} linkChoices={linkChoices} />}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The home page shows the live banners in this order. Move them with Up and Down, or drag them.
      </p>
      {confirm ? (
        <ConfirmDelete label="Delete banner" fields={{ intent: 'delete', id: confirm.id }} cancelTo="/admin/features">
          Delete {confirm.name}? The home page stops showing it.
        </ConfirmDelete>
      ) : null}
      <BannerList banners={banners} />
    </section>
  )
}
