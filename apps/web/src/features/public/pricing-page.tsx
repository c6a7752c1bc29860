import { useDocumentTitle } from '../../lib/document-title';
import { PlanCards } from './plan-cards';

export function PricingPage() {
  useDocumentTitle('Pricing', 'Simple plans for every portfolio: start free and upgrade as you grow.');
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white">
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Pricing</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Plans that grow with your portfolio
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Start free, then unlock bookings, online payments, invoices and analytics when you need them.
          </p>
        </div>
        <div className="mt-14">
          <PlanCards />
        </div>
        <p className="mt-10 text-center text-sm text-slate-500">
          Prices exclude taxes. Limits apply per company; units are counted per property.
        </p>
      </section>
    </div>
  );
}
