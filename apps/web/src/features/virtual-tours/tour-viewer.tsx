import { Maximize2, Minimize2, Pause, Play, RotateCw } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { CarouselArrows, useCarousel } from '../../components/carousel';
import { FALLBACK_IMAGE_SRC, NoImage } from '../../components/image';
import { cn } from '../../lib/cn';

export interface TourImage {
  _id: string;
  url: string;
  thumbnailUrl: string;
  caption: string | null;
  category: string;
  width: number;
  height: number;
}

/** A 360° panorama is stored as a wide equirectangular image (about 2:1 or wider). */
export function isPanorama(image: Pick<TourImage, 'width' | 'height'>): boolean {
  return image.height > 0 && image.width / image.height >= 1.9;
}

const SLIDE_MS = 4000;

function label(image: TourImage, index: number, total: number): string {
  const category = image.category.replace(/_/g, ' ');
  return `${image.caption ?? category.charAt(0).toUpperCase() + category.slice(1)} (${index + 1} of ${total})`;
}

/**
 * The tour: one image at a time with previous/next, thumbnails, keyboard (← →), autoplay and full
 * screen. Panoramas open in a 360° view that pans by dragging (or turns by itself), wrapping around.
 */
export function TourViewer({ images, title }: { images: readonly TourImage[]; title: string }) {
  const [playing, setPlaying] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  const count = images.length;
  // ← → anywhere inside the tour (its buttons have the focus).
  const { index, setIndex, go } = useCarousel(count, section);
  const current = images[Math.min(index, count - 1)];

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setInterval(() => go(1), SLIDE_MS);
    return () => clearInterval(timer);
  }, [playing, go, count]);

  useEffect(() => {
    function onChange() {
      setFullscreen(document.fullscreenElement === stage.current);
    }
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  if (!current) return <NoImage className="aspect-video w-full rounded-2xl" />;

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen?.();
  }

  return (
    <section
      ref={section}
      aria-label={`Virtual tour: ${title}`}
      aria-roledescription="carousel"
      className="space-y-3"
    >
      <div
        ref={stage}
        className={cn(
          'group relative overflow-hidden bg-slate-900',
          fullscreen ? 'h-screen w-screen' : 'aspect-video w-full rounded-2xl',
        )}
        data-testid="tour-stage"
      >
        {isPanorama(current) ? (
          <PanoramaView key={current._id} image={current} />
        ) : (
          <img
            key={current._id}
            src={current.url}
            alt={label(current, index, count)}
            className="h-full w-full animate-fade-in object-contain"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(FALLBACK_IMAGE_SRC))
                event.currentTarget.src = FALLBACK_IMAGE_SRC;
            }}
          />
        )}
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between bg-gradient-to-t from-slate-900/80 to-transparent p-4 text-white">
          <p className="text-sm font-medium" aria-live="polite">
            {label(current, index, count)}
          </p>
          {isPanorama(current) ? (
            <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold">
              360° · drag to look around
            </span>
          ) : null}
        </div>
        {count > 1 ? <CarouselArrows go={go} item="image" /> : null}
        <div className="absolute right-3 top-3 flex gap-2">
          {count > 1 ? (
            <button
              type="button"
              onClick={() => setPlaying((value) => !value)}
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              aria-pressed={playing}
              className="rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white"
            >
              {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
            </button>
          ) : null}
          <button
            type="button"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            className="rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white"
          >
            {fullscreen ? (
              <Minimize2 className="h-4 w-4" aria-hidden />
            ) : (
              <Maximize2 className="h-4 w-4" aria-hidden />
            )}
          </button>
        </div>
      </div>
      {count > 1 ? (
        <ol className="flex gap-2 overflow-x-auto pb-1" aria-label="Tour images">
          {images.map((image, position) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show ${label(image, position, count)}`}
                aria-current={position === index ? 'true' : undefined}
                className={cn(
                  'relative block h-16 w-24 overflow-hidden rounded-lg border-2 transition',
                  position === index ? 'border-brand-600' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img src={image.thumbnailUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
                {isPanorama(image) ? (
                  <span className="absolute bottom-0.5 right-0.5 rounded bg-slate-900/70 px-1 text-[9px] font-bold text-white">
                    360°
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** Drag (or arrow keys, or auto-rotate) to pan a wrapping equirectangular image. */
function PanoramaView({ image }: { image: TourImage }) {
  const [offset, setOffset] = useState(0);
  const [spinning, setSpinning] = useState(true);
  const drag = useRef<{ x: number; start: number } | null>(null);

  useEffect(() => {
    if (!spinning) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      setOffset((value) => value + (now - last) * 0.02);
      last = now;
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [spinning]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    setSpinning(false);
    drag.current = { x: event.clientX, start: offset };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    setOffset(drag.current.start - (event.clientX - drag.current.x));
  }
  function onPointerUp() {
    drag.current = null;
  }

  return (
    <div className="relative h-full w-full">
      <div
        role="img"
        aria-label={`360° view${image.caption ? `: ${image.caption}` : ''}`}
        className="h-full w-full cursor-grab touch-pan-y select-none active:cursor-grabbing"
        style={{
          backgroundImage: `url("${image.url}")`,
          backgroundSize: 'auto 100%',
          backgroundRepeat: 'repeat-x',
          backgroundPosition: `${-offset}px center`,
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      <button
        type="button"
        onClick={() => setSpinning((value) => !value)}
        aria-label={spinning ? 'Stop turning' : 'Turn automatically'}
        aria-pressed={spinning}
        className="absolute left-3 top-3 rounded-full bg-white/90 p-2 text-slate-800 shadow hover:bg-white"
      >
        <RotateCw className={cn('h-4 w-4', spinning && 'animate-spin [animation-duration:3s]')} aria-hidden />
      </button>
    </div>
  );
}
