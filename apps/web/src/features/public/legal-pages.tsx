import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:py-20">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated {updated}</p>
      <div className="mt-10 space-y-8 text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_p]:mt-3 [&_p]:leading-7 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}

export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy', 'How Rentora collects, uses and protects your data.');
  return (
    <LegalPage title="Privacy Policy" updated="1 January 2025">
      <section>
        <h2>What we collect</h2>
        <p>
          We collect the information you give us when you create an account or a company (name, email address,
          phone number), the records you manage in Rentora (properties, units, tenants, payments, maintenance
          requests) and basic technical data such as your IP address and browser for security and rate
          limiting.
        </p>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>
            To provide the service and keep your company&apos;s data separate from every other company&apos;s.
          </li>
          <li>
            To send the emails you expect: verification, password resets, invitations and notifications.
          </li>
          <li>To answer enquiries you send through the contact form.</li>
          <li>To keep the platform secure, for example by detecting stolen sessions.</li>
        </ul>
      </section>
      <section>
        <h2>Sharing</h2>
        <p>
          We do not sell your data. Payment details are handled by our payment provider; we only keep the
          reference and outcome of each payment.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          We use a small number of first-party cookies to keep you signed in and remember the company you are
          working in. We do not use advertising cookies.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can update your profile at any time and ask us to export or delete your data. Questions? Reach
          us through the{' '}
          <Link to="/contact" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            contact page
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}

export function TermsPage() {
  useDocumentTitle('Terms & Conditions', 'The terms for using Rentora.');
  return (
    <LegalPage title="Terms & Conditions" updated="1 January 2025">
      <section>
        <h2>Using Rentora</h2>
        <p>
          By creating an account you agree to use Rentora lawfully and to keep your credentials safe. Company
          owners are responsible for the people they invite and the permissions they grant.
        </p>
      </section>
      <section>
        <h2>Plans and limits</h2>
        <p>
          Each company is on a plan that decides its features and its limits on properties, users and rental
          units. You can upgrade at any time through our sales team; downgrades take effect at the end of the
          billing period.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You own the data you put into Rentora. You give us permission to store and process it only to
          provide the service to you and the people you share it with.
        </p>
      </section>
      <section>
        <h2>Payments</h2>
        <p>
          Rent and booking payments are processed by our payment provider. Refunds and disputes between
          landlords and tenants are handled between those parties.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          For anything about these terms, please use the{' '}
          <Link to="/contact" className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
            contact page
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}
