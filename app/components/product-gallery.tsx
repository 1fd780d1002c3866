import { Carousel } from './ui/carousel'
import { Picture } from './ui/picture'

/** A product's pictures, with arrows and dots (browsable without JS); `show` brings picture n (from 1) into view. */
export function ProductGallery({ images, title, idPrefix, show }: { images: string[]; title: string; idPrefix: string; show?: number }) {
  if (images.length === 0) return <div className="aspect-square w-full rounded-lg bg-zinc-100 dark:bg-zinc-800" />
  return (
    <Carousel
      items={images}
      idPrefix={idPrefix}
      show={show}
      label={`Pictures of ${title}`}
      renderSlide={(url, index) => (
        <Picture
          url={url}
          // A phone gets the 640 px file at 2x (1.6 device pixels per CSS pixel; see home's banner).
          sizes="(min-width: 768px) 50vw, (max-width: 640px) 320px, 100vw"
          width={640}
          height={640}
          alt={`${title} (${index + 1} of ${images.length})`}
          priority={index === 0}
          deferred={index > 0}
          className="aspect-square w-full rounded-lg bg-zinc-100 object-cover dark:bg-zinc-800"
        />
      )}
    />
  )
}
