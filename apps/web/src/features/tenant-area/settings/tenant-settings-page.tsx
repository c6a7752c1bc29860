import { Languages } from 'lucide-react';
import { Card, PageHeader } from '../../../components/card';
import { ContactPreferencesSection } from '../../collections/contact-preferences-section';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { SessionsSection } from './sessions-section';

/** The language of the app: English only for now (more languages come later; none is offered before it exists). */
function LanguageSection() {
  return (
    <Card className="p-5" aria-labelledby="language-title" role="region">
      <h2 id="language-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Languages className="h-5 w-5 text-brand-600" aria-hidden /> Language
      </h2>
      <label htmlFor="app-language" className="mt-3 block text-sm font-medium text-slate-700">
        Language of the app and emails
      </label>
      <select
        id="app-language"
        className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        value="en"
        disabled
        aria-describedby="app-language-note"
      >
        <option value="en">English</option>
      </select>
      <p id="app-language-note" className="mt-1 text-xs text-slate-600">
        Rentora is in English for now; Hindi and other Indian languages will be offered here later.
      </p>
    </Card>
  );
}

/** /tenant/settings: notification preferences, contact channels, language and connected sessions. */
export function TenantSettingsPage() {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Settings" description="Your notifications, language and signed-in devices." />
      <NotificationPreferencesSection />
      <ContactPreferencesSection owner="mine" />
      <LanguageSection />
      <SessionsSection />
    </div>
  );
}
