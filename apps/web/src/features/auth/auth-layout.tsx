import { Lock, Users, Zap } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo, LogoMark } from '../../components/logo';

/** The marketing headline per auth page, chosen by the path (spec 01 §2 "Auth pages"). */
export const AUTH_HEADLINES = {
  login: 'Smarter property management starts here',
  register: 'All-in-one platform for modern property teams',
  'forgot-password': "We'll help you get back in",
  'reset-password': 'Secure your account with a fresh start',
  'verify-email': 'Just one step left to unlock the product',
} as const;

type HeadlineKey = keyof typeof AUTH_HEADLINES;

export function authHeadline(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const segment = segments[index]!;
    if (segment in AUTH_HEADLINES) return AUTH_HEADLINES[segment as HeadlineKey];
    if (segment === 'verify-email-pending') return AUTH_HEADLINES['verify-email'];
  }
  return AUTH_HEADLINES.login;
}

const SUPPORTING = [
  { icon: Zap, title: 'Real-time updates', text: 'Bookings, payments and requests the moment they happen.' },
  {
    icon: Lock,
    title: 'Secure by design',
    text: 'Every company’s data kept apart, every action permissioned.',
  },
  { icon: Users, title: 'Built for teams', text: 'Owners, managers, accountants and field staff together.' },
];

export function AuthLayout() {
  const location = useLocation();
  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-violet-700 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="absolute -right-24 -top-24 h-96 w-96 rounded-full bg-white/10 blur-3xl" aria-hidden />
        <div
          className="absolute -bottom-32 -left-16 h-96 w-96 rounded-full bg-violet-400/20 blur-3xl"
          aria-hidden
        />
        <Link to="/" className="relative inline-flex items-center gap-2" aria-label="Rentora home">
          <LogoMark className="[&_rect]:fill-white/15" />
          <span className="text-lg font-bold">Rentora</span>
        </Link>
        <div className="relative">
          <p className="max-w-md text-4xl font-bold leading-tight" data-testid="auth-headline">
            {authHeadline(location.pathname)}
          </p>
          <ul className="mt-10 space-y-5">
            {SUPPORTING.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">Trusted by property teams across India.</p>
      </aside>
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <div className="flex items-center justify-between lg:justify-end">
          <Logo className="lg:hidden" />
          <Link to="/" className="text-sm font-medium text-slate-500 hover:text-slate-900">
            ← Back to home
          </Link>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <p className="mb-6 text-sm font-medium text-brand-700 lg:hidden">
            {authHeadline(location.pathname)}
          </p>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
