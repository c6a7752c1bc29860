import { useState } from 'react';
import { cn } from '../lib/cn';

const PALETTE = [
  'bg-indigo-100 text-indigo-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-sky-100 text-sky-700',
  'bg-rose-100 text-rose-700',
  'bg-violet-100 text-violet-700',
  'bg-teal-100 text-teal-700',
];

/** "Olivia Owner" → "OO"; one word → its first two letters; nothing → "?". */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const single = (first || last).split(/\s+/).filter(Boolean);
  if (single.length >= 2) return `${single[0]![0]}${single[1]![0]}`.toUpperCase();
  if (single.length === 1) return single[0]!.slice(0, 2).toUpperCase();
  return '?';
}

function colourOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

const SIZES = {
  xs: 'h-6 w-6 text-[10px]',
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-16 w-16 text-xl',
};

export interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The user's image, or generated initials when there is none (or it fails to load). */
export function Avatar({ firstName, lastName, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const name = `${firstName ?? ''} ${lastName ?? ''}`.trim();
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold',
    SIZES[size],
    className,
  );
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={name || 'Avatar'}
        className={cn(classes, 'object-cover')}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={cn(classes, colourOf(name || '?'))} role="img" aria-label={name || 'User'}>
      {initialsOf(firstName, lastName)}
    </span>
  );
}
