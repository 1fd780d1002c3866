import type { ComponentProps } from 'react'
import { responsiveImage } from '~/lib/images'
import { useHydrated } from '~/lib/use-hydrated'

type PictureProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'loading' | 'fetchPriority'> & {
  /** An image url; an upload's gets every smaller width it has in `srcSet`. */
  url: string | null | undefined
  /** How wide it is shown (the `sizes` attribute), and its intrinsic size, so nothing moves while it loads. */
  sizes: string
  width: number
  height: number
  /** The first picture a page paints: loaded at once, at high priority. Anything else loads lazily. */
  priority?: boolean
  /**
   * Out of view at first (a later carousel slide, which lazy loading does not hold back: it is close
   * to the viewport sideways). Without JS it loads lazily from a <noscript>; with JS only once the
   * page has hydrated, so on a slow link it never shares the bandwidth with the page's main picture.
   */
  deferred?: boolean
}

/**
 * An image at the widths the upload pipeline made (lib/images). Without a url, an empty box with
 * the same classes stands in for it, so the layout is the same with or without a picture.
 */
export function Picture({ url, priority = false, deferred = false, alt = '', className, ...img }: PictureProps) {
  const hydrated = useHydrated()
  if (!url) return <div className={className} />
  const { src, srcSet } = responsiveImage(url)
  if (deferred && !hydrated) {
    return (
      <noscript>
        <img {...img} src={src} srcSet={srcSet} alt={alt} loading="lazy" className={className} />
      </noscript>
    )
  }
  return (
    <img
      {...img}
      src={src}
      srcSet={srcSet}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  )
}
