import { ImageOff } from 'lucide-react';
import { type ImgHTMLAttributes, useState } from 'react';
import { cn } from '../lib/cn';

export const FALLBACK_IMAGE_SRC = '/fallback-image.svg';

/** An image replaced once by the fallback image when it fails to load (spec 01 §2). */
export function ImageWithFallback({ src, alt, onError, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState(false);
  if (!src) return <NoImage className={rest.className} />;
  return (
    <img
      src={failed ? FALLBACK_IMAGE_SRC : src}
      alt={alt ?? ''}
      loading="lazy"
      onError={(event) => {
        if (!failed) setFailed(true);
        onError?.(event);
      }}
      {...rest}
    />
  );
}

/** The missing image placeholder. */
export function NoImage({ className }: { className?: string }) {
  return (
    <div
      className={cn('flex flex-col items-center justify-center gap-2 bg-slate-100 text-slate-400', className)}
      role="img"
      aria-label="No Image Available"
    >
      <ImageOff className="h-8 w-8" aria-hidden />
      <span className="text-xs font-medium">No Image Available</span>
    </div>
  );
}
