import type { ComponentProps } from 'react'
import { responsiveImage } from '~/lib/images'

type PictureProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'loading' | 'fetchPriority'> & {
  /** An image url; an upload's gets every smaller width it has in `srcSet`. */
  url: string | null | undefined
  /** How wide it is shown (the `sizes` attribute), and its intrinsic size, so nothing moves while it loads. */
  sizes: string
  width: number
  height: number
  /** The first picture a page paints: loaded at once, at high priority. Anything else loads lazily. */
  priority?: boolean
}

/**
 * An image at the widths the upload pipeline made (lib/images). Without a url, an empty box with
 * the same classes stands in for it, so the layout is the same with or without a picture.
 */
export function Picture({ url, priority = false, alt = '', className, ...img }: PictureProps) {
  if (!url) return <div className={className} />
  const { src, srcSet } = responsiveImage(url)
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
