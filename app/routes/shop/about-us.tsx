import { CustomPieceInvite } from '~/components/custom-piece-invite'
import type { Route } from './+types/about-us'

export const meta: Route.MetaFunction = () => [{ title: 'About Us' }]

const VALUES = [
  {
    title: 'Handcrafted with Heart',
    text: 'Every piece is poured, layered and polished by hand in our studio. No two are ever quite the same.',
  },
  {
    title: 'Timeless Preservation',
    text: 'We preserve flowers, petals and keepsakes in premium, UV-resistant resin so your memories keep their colour for years.',
  },
  {
    title: 'Your Vision Our Art',
    text: 'Tell us what you have in mind: names, dates, colours or your own flowers. We design custom pieces around your story.',
  },
]

const COLLECTIONS = [
  { title: 'Jewellery', text: 'Pendants, earrings, rings and bracelets with real flowers, gold flakes and ocean waves.' },
  { title: 'Home Decor', text: 'Wall clocks, coasters, trays and geode art that bring colour and light to a room.' },
  { title: 'Gifting & Memories', text: 'Name plates, photo frames and memory blocks that keep a moment close.' },
  { title: 'Special Occasions', text: 'Wedding varmala preservation, rakhi sets and keepsakes for the days that matter.' },
]

export default function AboutUs() {
  return (
    <article className="mx-auto grid max-w-3xl gap-10 px-4 py-10">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight">About Us</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          We are a small studio making handmade pieces with premium resin: jewellery, home decor and keepsakes, each
          one made to order with care.
        </p>
      </header>
      <section className="grid gap-3">
        <h2 className="text-2xl font-semibold">Our Story</h2>
        <p className="text-zinc-600 dark:text-zinc-400">
          What began as weekend experiments with resin, pigments and pressed flowers grew into a studio that now ships
          across India. We still pour every piece ourselves, cure it slowly and finish it by hand.
        </p>
      </section>
      <section className="grid gap-4">
        <h2 className="text-2xl font-semibold">What Sets Us Apart</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {VALUES.map((v) => (
            <div key={v.title} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <h3 className="font-semibold">{v.title}</h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{v.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="grid gap-4">
        <h2 className="text-2xl font-semibold">Our Collections</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {COLLECTIONS.map((c) => (
            <div key={c.title} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              <h3 className="font-semibold">{c.title}</h3>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{c.text}</p>
            </div>
          ))}
        </div>
      </section>
      <CustomPieceInvite />
      <p className="italic">With love, the team at the studio</p>
    </article>
  )
}
