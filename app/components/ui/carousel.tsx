import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * Slides in a scroll-snap strip. Every slide carries its own previous/next links and the dots are
 * links to the slides, so it is browsable without JS; with JS the links scroll smoothly and, when
 * `autoRotateMs` is set, it moves on by itself (pausing while hovered or focused, never with
 * reduced motion). The dot of the slide in view is marked (aria-current); without JS, CSS marks
 * the dot of the slide the address points at (app.css, [data-carousel]).
 */
export function Carousel<T>({
  items,
  idPrefix,
  label,
  renderSlide,
  autoRotateMs,
  show: wanted,
}: {
  items: T[]
  idPrefix: string
  label: string
  renderSlide: (item: T, index: number) => ReactNode
  autoRotateMs?: number
  /** A slide (from 1) to bring into view whenever this changes (a picked colour's picture); 0 for none. */
  show?: number
}) {
  const strip = useRef<HTMLDivElement>(null)
  const current = useRef(0)
  const [active, setActive] = useState(0)
  const paused = useRef(false)
  const count = items.length
  const slideId = (index: number) => `${idPrefix}-${index + 1}`

  function show(index: number) {
    const slide = strip.current?.children[index] as HTMLElement | undefined
    if (!slide || !strip.current) return false
    strip.current.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' })
    current.current = index
    setActive(index)
    return true
  }

  function go(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (show(index)) event.preventDefault()
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new `wanted` moves the strip
  useEffect(() => {
    if (wanted) show(wanted - 1)
  }, [wanted])

  useEffect(() => {
    if (!autoRotateMs || count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const timer = setInterval(() => {
      if (!paused.current && document.visibilityState === 'visible') show((current.current + 1) % count)
    }, autoRotateMs)
    return () => clearInterval(timer)
  })

  const arrowClass =
    'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-2xl leading-none text-zinc-900 shadow hover:bg-white'
  return (
    <section
      data-carousel=""
      aria-roledescription="carousel"
      aria-label={label}
      className="relative grid gap-2"
      onMouseEnter={() => {
        paused.current = true
      }}
      onMouseLeave={() => {
        paused.current = false
      }}
      onFocus={() => {
        paused.current = true
      }}
      onBlur={() => {
        paused.current = false
      }}
    >
      <div
        ref={strip}
        onScroll={(event) => {
          const el = event.currentTarget
          current.current = Math.round(el.scrollLeft / Math.max(1, el.clientWidth))
          setActive(current.current)
        }}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]"
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={index}
            id={slideId(index)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="relative w-full shrink-0 snap-center"
          >
            {renderSlide(item, index)}
            {count > 1 ? (
              <>
                <a
                  href={`#${slideId((index - 1 + count) % count)}`}
                  onClick={(e) => go(e, (index - 1 + count) % count)}
                  aria-label="Previous slide"
                  className={`${arrowClass} left-2`}
                >
                  ‹
                </a>
                <a
                  href={`#${slideId((index + 1) % count)}`}
                  onClick={(e) => go(e, (index + 1) % count)}
                  aria-label="Next slide"
                  className={`${arrowClass} right-2`}
                >
                  ›
                </a>
              </>
            ) : null}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <nav aria-label={`${label}: slides`} data-dots="" className="flex justify-center">
          {items.map((_, index) => (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={index}
              href={`#${slideId(index)}`}
              onClick={(e) => go(e, index)}
              aria-current={index === active ? 'true' : undefined}
              // A small dot in a 44 px target: thumbs need room (WCAG 2.5.5).
              className="group flex h-11 w-11 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className="h-2.5 w-2.5 rounded-full bg-zinc-300 transition-all group-hover:bg-zinc-500 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-zinc-900 dark:bg-zinc-700 dark:group-aria-[current=true]:bg-zinc-100"
              />
              <span className="sr-only">Slide {index + 1}</span>
            </a>
          ))}
        </nav>
      ) : null}
    </section>
  )
}
