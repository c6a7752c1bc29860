import { CONTACT_LANGUAGES, type ContactPreferences } from '@rentora/shared';
import { BellRing } from 'lucide-react';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Field, Select } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { apiErrorMessage } from '../../lib/api-client';
import {
  COLLECTIONS_MESSAGES,
  type PreferencesOwner,
  useContactPreferences,
  useSaveContactPreferences,
} from './collections.api';

const LANGUAGE_NAMES: Record<ContactPreferences['language'], string> = {
  en: 'English',
  hi: 'हिन्दी (Hindi)',
  ta: 'தமிழ் (Tamil)',
  te: 'తెలుగు (Telugu)',
  kn: 'ಕನ್ನಡ (Kannada)',
  ml: 'മലയാളം (Malayalam)',
  mr: 'मराठी (Marathi)',
  bn: 'বাংলা (Bengali)',
  gu: 'ગુજરાતી (Gujarati)',
  pa: 'ਪੰਜਾਬੀ (Punjabi)',
};

const CHANNELS = [
  { key: 'email', label: 'Email', hint: 'Reminders and the in-app notice' },
  { key: 'sms', label: 'SMS', hint: 'To the mobile number on the account' },
  { key: 'whatsapp', label: 'WhatsApp', hint: 'To the mobile number on the account' },
] as const;

/**
 * The channels dues reminders may use for a tenant, and their language. Staff pass `owner={{ tenantId }}` (the
 * tenant detail page); the tenant area passes `owner="mine"` (its Settings page). A channel switched off receives
 * nothing.
 */
export function ContactPreferencesSection({
  owner,
  canEdit = true,
}: {
  owner: PreferencesOwner;
  canEdit?: boolean;
}) {
  const preferences = useContactPreferences(owner);
  const save = useSaveContactPreferences(owner);
  const current = preferences.data;
  const change = (next: Partial<ContactPreferences>) => {
    if (current) save.mutate({ ...current, ...next });
  };
  return (
    <Card className="space-y-4 p-5" aria-labelledby="contact-preferences-title">
      <div>
        <h2
          id="contact-preferences-title"
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <BellRing className="h-4 w-4 text-brand-600" aria-hidden /> Rent reminders
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          Where reminders of dues go. A channel switched off receives nothing.
        </p>
      </div>
      {preferences.isError ? (
        <ErrorState
          title={COLLECTIONS_MESSAGES.fetchPreferences}
          message={apiErrorMessage(preferences.error, COLLECTIONS_MESSAGES.fetchPreferences)}
          onRetry={() => void preferences.refetch()}
        />
      ) : !current ? (
        <SkeletonList rows={3} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {CHANNELS.map((channel) => (
              <li key={channel.key} className="flex items-center justify-between gap-4 py-2.5">
                <span>
                  <span className="block text-sm font-medium text-slate-800">{channel.label}</span>
                  <span className="block text-xs text-slate-500">{channel.hint}</span>
                </span>
                <Switch
                  checked={current[channel.key]}
                  label={`${channel.label} reminders`}
                  disabled={!canEdit}
                  busy={save.isPending}
                  onChange={(checked) => change({ [channel.key]: checked })}
                />
              </li>
            ))}
          </ul>
          <Field label="Language" className="max-w-xs">
            {(control) => (
              <Select
                {...control}
                value={current.language}
                disabled={!canEdit || save.isPending}
                onChange={(event) =>
                  change({ language: event.target.value as ContactPreferences['language'] })
                }
              >
                {CONTACT_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )}
    </Card>
  );
}
