import { Link } from 'react-router';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M9 23V13.5L16 8l7 5.5V23h-5v-5h-4v5z" fill="#fff" />
    </svg>
  );
}

export function Logo({ to = '/', className, light }: { to?: string; className?: string; light?: boolean }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2', className)} aria-label="Rentora home">
      <LogoMark />
      <span className={cn('text-lg font-bold tracking-tight', light ? 'text-white' : 'text-slate-900')}>
        Rentora
      </span>
    </Link>
  );
}
