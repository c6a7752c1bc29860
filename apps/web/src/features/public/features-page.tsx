import { Check } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { useDocumentTitle } from '../../lib/document-title';
import { MARKETING_FEATURES } from './marketing';

export function FeaturesPage() {
  useDocumentTitle(
    'Features',
    'Everything Rentora does: properties, tenants, payments, maintenance, analytics.',
  );
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50/60 to-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Features</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Built for every part of renting
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            From the first listing to the last invoice, Rentora keeps owners, managers, staff and tenants on
            the same page.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2">
          {MARKETING_FEATURES.map(({ icon: Icon, title, text, points }) => (
            <li key={title} className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-6">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
                <p className="mt-1 text-sm text-slate-500">{text}</p>
                <ul className="mt-3 space-y-1.5">
                  {points.map((point) => (
                    <li key={point} className="flex items-center gap-2 text-sm text-slate-700">
                      <Check className="h-4 w-4 text-emerald-600" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <ButtonLink to="/pricing" size="lg">
            Compare plans
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
