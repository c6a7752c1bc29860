import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type RefObject, useCallback, useEffect, useState } from 'react';

/** The position in a carousel of `count` items, wrapping both ways; ← → move it while the focus is in `container`. */
export function useCarousel(count: number, container: RefObject<HTMLElement | null>) {
  const [index, setIndex] = useState(0);
  const go = useCallback((delta: number) => setIndex((value) => (value + delta + count) % count), [count]);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    }
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [go, container]);
  return { index, setIndex, go };
}

const ARROW =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-800 shadow transition hover:bg-white';

/** Previous and next buttons over a carousel's stage, named after what it shows ("Previous photo"). */
export function CarouselArrows({ go, item }: { go: (delta: number) => void; item: string }) {
  return (
    <>
      <button
        type="button"
        onClick={() => go(-1)}
        aria-label={`Previous ${item}`}
        className={`left-3 ${ARROW}`}
      >
        <ChevronLeft className="h-5 w-5" aria-hidden />
      </button>
      <button type="button" onClick={() => go(1)} aria-label={`Next ${item}`} className={`right-3 ${ARROW}`}>
        <ChevronRight className="h-5 w-5" aria-hidden />
      </button>
    </>
  );
}
