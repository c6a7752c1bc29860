import { FOOTER_YEAR } from '@rentora/shared';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { ButtonLink } from '../../components/button';
import { Logo } from '../../components/logo';
import { cn } from '../../lib/cn';
import { roleHome, useAuth } from '../auth/auth-provider';

export const PUBLIC_NAV = [
  { label: 'Home', to: '/' },
  { label: 'Properties', to: '/properties' },
  { label: 'Features', to: '/features' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700 bg-brand-50' : 'text-slate-600 hover:text-slate-900 hover:bg-slate-100',
  );
}

function AccountActions({ onNavigate, stacked }: { onNavigate?: () => void; stacked?: boolean }) {
  const { user, isAuthenticated } = useAuth();
  if (isAuthenticated && user) {
    return (
      <div className={cn('flex items-center gap-3', stacked && 'flex-col items-stretch')}>
        <ButtonLink
          to={roleHome(user)}
          onClick={onNavigate}
          size="sm"
          icon={<LayoutDashboard className="h-4 w-4" aria-hidden />}
        >
          Dashboard
        </ButtonLink>
        <span className="flex items-center gap-2" data-testid="header-user">
          <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size="sm" />
          <span className="text-sm font-medium text-slate-700">{user.firstName}</span>
        </span>
      </div>
    );
  }
  return (
    <div className={cn('flex items-center gap-2', stacked && 'flex-col items-stretch')}>
      <ButtonLink to="/auth/login" variant="ghost" size="sm" onClick={onNavigate}>
        Sign In
      </ButtonLink>
      <ButtonLink to="/auth/register" size="sm" onClick={onNavigate}>
        Get Started
      </ButtonLink>
    </div>
  );
}

export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden md:block">
          <AccountActions />
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
      </div>
      {open ? (
        <div
          id="mobile-menu"
          className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden animate-fade-in"
        >
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {PUBLIC_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <AccountActions stacked onNavigate={() => setOpen(false)} />
          </div>
        </div>
      ) : null}
    </header>
  );
}

const SOCIAL = [
  {
    label: 'X (Twitter)',
    href: 'https://x.com',
    path: 'M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.4L1 2h6.3l4.4 5.9zM17.8 20h1.7L6.3 3.9H4.5z',
  },
  {
    label: 'LinkedIn',
    href: 'https://linkedin.com',
    path: 'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5M3 9.75h4V21H3zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z',
  },
  {
    label: 'Facebook',
    href: 'https://facebook.com',
    path: 'M14 8.5V6.8c0-.8.5-1 1-1h2.5V2H14c-3.3 0-4 2.4-4 4v2.5H7.5V12H10v10h4V12h3l.5-3.5z',
  },
  {
    label: 'Instagram',
    href: 'https://instagram.com',
    path: 'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4m0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6m6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0M12 2c-2.7 0-3 0-4.1.1C4.3 2.3 2.3 4.3 2.1 7.9 2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15 2 14.7 2 12 2',
  },
];

export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo />
          <p className="mt-3 max-w-sm text-sm text-slate-500">
            The modern way to manage rental properties: units, tenants, bookings, payments and maintenance in
            one place.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social links">
            {SOCIAL.map((item) => (
              <li key={item.label}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-100 text-slate-500 transition hover:bg-brand-50 hover:text-brand-600"
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden>
                    <path d={item.path} />
                  </svg>
                  <span className="sr-only">{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold text-slate-900">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/properties">
                Properties
              </Link>
            </li>
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/features">
                Features
              </Link>
            </li>
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/#pricing">
                Pricing
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="text-sm font-semibold text-slate-900">Support</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/contact">
                Contact Us
              </Link>
            </li>
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="text-slate-500 hover:text-slate-900" to="/terms-conditions">
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-100 py-5 text-center text-xs text-slate-500">
        © {FOOTER_YEAR} Rentora. All rights reserved.
      </div>
    </footer>
  );
}

/** Header, footer and an animated content area around the public pages. */
export function PublicLayout() {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" key={location.pathname} className="flex-1 animate-fade-in">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
