// One home-page banner (ADR 074): its picture, and over it the owner's headline, short line and a
// button to the page it leads to (a path inside the shop, checked when saved). The words sit on a
// shade at the bottom, clear of the carousel's arrows; the short line shows from small tablets up.
import { Link } from 'react-router'
import { Picture } from '~/components/ui/picture'

export interface CampaignBanner {
  image: string
  headline: string
  subline: string
  buttonText: string
  link: string
}

/**
 * Full width, but a phone (up to 640 px wide) gets the 640 px file even at 2x: 1.6 device pixels per
 * CSS pixel is sharp enough for the soft resin-art banners, and the 800 px file's extra third of bytes
 * is a tenth of a second of the largest paint on a slow link (docs/decisions/044-flat-memory-and-lcp.md).
 */
const BANNER_SIZES = '(max-width: 640px) 320px, 100vw'

/** A light button on the dark shade (the shared button's colours are for the page's own background). */
const BUTTON_CLASS = 'inline-flex min-h-11 items-center justify-center rounded-md bg-white px-4 text-sm font-medium text-zinc-900 shadow hover:bg-zinc-100'

export function CampaignSlide({ banner, first }: { banner: CampaignBanner; first: boolean }) {
  const words = banner.headline || banner.subline || banner.link
  return (
    <>
      <Picture
        url={banner.image}
        sizes={BANNER_SIZES}
        width={1280}
        height={512}
        priority={first}
        deferred={!first}
        className="aspect-[5/2] max-h-[480px] w-full bg-zinc-900 object-cover lg:aspect-auto lg:h-[40vh] lg:max-h-[360px]"
      />
      {words ? (
        <div className="absolute inset-x-0 bottom-0 grid justify-items-start gap-1 bg-gradient-to-t from-black/70 to-transparent px-14 pt-8 pb-3 text-white sm:gap-2 sm:pb-6">
          {banner.headline ? <p className="text-lg leading-tight font-bold sm:text-3xl">{banner.headline}</p> : null}
          {banner.subline ? <p className="hidden max-w-prose text-sm sm:block sm:text-base">{banner.subline}</p> : null}
          {banner.link && banner.buttonText ? (
            <Link to={banner.link} prefetch="none" className={BUTTON_CLASS}>
              {banner.buttonText}
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  )
}
