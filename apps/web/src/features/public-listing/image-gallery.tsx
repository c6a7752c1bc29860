import type { PublicImageDto } from '@rentora/shared';
import { useRef } from 'react';
import { CarouselArrows, useCarousel } from '../../components/carousel';
import { ImageWithFallback, NoImage } from '../../components/image';
import { cn } from '../../lib/cn';

/**
 * A light gallery for the public pages: a main image, previous/next and thumbnails. Each image falls back
 * once to the fallback image when it fails (ImageWithFallback); no images shows "No Image Available".
 */
export function ImageGallery({ images, title }: { images: readonly PublicImageDto[]; title: string }) {
  const section = useRef<HTMLElement>(null);
  const count = images.length;
  // ← → while a gallery button has the focus.
  const { index, setIndex, go } = useCarousel(count, section);
  const current = images[Math.min(index, count - 1)];
  if (!current) return <NoImage className="aspect-[16/9] w-full rounded-2xl" />;
  return (
    <section
      ref={section}
      aria-label={`${title} photos`}
      aria-roledescription="carousel"
      className="space-y-3"
    >
      <div className="relative aspect-[16/9] overflow-hidden rounded-2xl bg-slate-100">
        <ImageWithFallback
          key={current._id}
          src={current.url}
          alt={current.caption ?? `${title}, photo ${index + 1} of ${count}`}
          loading="eager"
          className="h-full w-full animate-fade-in object-cover"
          data-testid="gallery-main"
        />
        {count > 1 ? (
          <>
            <CarouselArrows go={go} item="photo" />
            <span
              className="absolute bottom-3 right-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-semibold text-white"
              aria-live="polite"
            >
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
          {images.map((image, position) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-lg border-2 transition',
                  position === index ? 'border-brand-600' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <ImageWithFallback src={image.thumbnailUrl} alt="" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
