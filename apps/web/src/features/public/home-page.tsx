import { ArrowRight, BellRing, CheckCircle2, Lock, Zap } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/document-title';
import { MARKETING_FEATURES } from './marketing';
import { PlanCards } from './plan-cards';

const HIGHLIGHTS = [
  { icon: Zap, title: 'Real-time updates', text: 'Notifications arrive the moment something changes.' },
  { icon: Lock, title: 'Secure by design', text: 'Per-company data isolation and fine-grained permissions.' },
  {
    icon: CheckCircle2,
    title: 'Built for teams',
    text: 'Eight company roles, several companies, one login.',
  },
];

function HeroVisual() {
  return (
    <div className="relative mx-auto w-full max-w-lg" aria-hidden>
      <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-brand-200/60 via-violet-200/40 to-sky-200/50 blur-2xl" />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-xl">
        <div className="mb-4 flex items-center gap-2">
          <span className="h-2.5 w-2.5 rounded-full bg-red-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
        </div>
        <div className="grid grid-cols-3 gap-3">
          {[
            ['Occupancy', '94%', 'text-emerald-600'],
            ['Rent collected', '₹18.4L', 'text-brand-600'],
            ['Open requests', '7', 'text-amber-600'],
          ].map(([label, value, tone]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <p className="text-[11px] text-slate-500">{label}</p>
              <p className={`mt-1 text-lg font-bold ${tone}`}>{value}</p>
            </div>
          ))}
        </div>
        <div className="mt-4 flex h-28 items-end gap-2 rounded-xl bg-slate-50 p-3">
          {[40, 65, 50, 80, 72, 90, 85, 95].map((height, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: static chart
              key={index}
              className="flex-1 rounded-t-md bg-gradient-to-t from-brand-600 to-brand-400"
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
        <div className="mt-4 flex items-center gap-3 rounded-xl border border-slate-100 p-3">
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <BellRing className="h-4 w-4" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-800">Rent received for Unit 4B</p>
            <p className="text-xs text-slate-500">just now</p>
          </div>
        </div>
      </div>
    </div>
  );
}

export function HomePage() {
  useDocumentTitle('Rentora', 'The modern way to manage rental properties.');
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [location.hash]);

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50/70 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
              <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" /> Property management, simplified
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              The modern way to manage <span className="text-brand-600">rental properties</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600">
              Properties, units, tenants, bookings, payments and maintenance in one place, for your whole team
              and your tenants.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/auth/register" size="lg" icon={null}>
                Get Started <ArrowRight className="h-4 w-4" aria-hidden />
              </ButtonLink>
              <ButtonLink to="/properties" size="lg" variant="outline">
                Browse properties
              </ButtonLink>
            </div>
            <ul className="mt-10 grid gap-4 sm:grid-cols-3">
              {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Icon className="h-5 w-5 text-brand-600" aria-hidden />
                  <p className="mt-2 text-sm font-semibold text-slate-900">{title}</p>
                  <p className="text-xs text-slate-500">{text}</p>
                </li>
              ))}
            </ul>
          </div>
          <HeroVisual />
        </div>
      </section>

      <section
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
        aria-labelledby="home-features"
      >
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">
            Everything in one place
          </p>
          <h2 id="home-features" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            One platform for the whole rental lifecycle
          </h2>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {MARKETING_FEATURES.slice(0, 6).map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 transition hover:shadow-md"
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-500">{text}</p>
            </li>
          ))}
        </ul>
        <ButtonLink to="/features" variant="link" className="mt-8">
          See all features →
        </ButtonLink>
      </section>

      <section
        id="pricing"
        className="scroll-mt-20 bg-slate-50 py-16 lg:py-24"
        aria-labelledby="home-pricing"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Pricing</p>
            <h2 id="home-pricing" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
              Start free, upgrade when you grow
            </h2>
          </div>
          <div className="mt-12">
            <PlanCards />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 rounded-3xl bg-gradient-to-br from-brand-600 to-violet-700 px-8 py-12 text-white sm:flex-row sm:items-center">
          <div>
            <h2 className="text-2xl font-bold">Ready to simplify your rentals?</h2>
            <p className="mt-1 text-brand-100">Create your company in a minute. No card required.</p>
          </div>
          <ButtonLink to="/auth/register?type=company" variant="secondary" size="lg">
            Register your company
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
