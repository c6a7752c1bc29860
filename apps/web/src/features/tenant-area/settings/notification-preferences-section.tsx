import {
  NOTIFICATION_KIND_LABELS,
  type NotificationPreference,
  type PreferenceChannel,
} from '@rentora/shared';
import { Bell } from 'lucide-react';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/empty-state';
import { SkeletonList } from '../../../components/skeleton';
import { Switch } from '../../../components/switch';
import { apiErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useNotificationPreferences, useSaveNotificationPreference } from './settings.api';

const CHANNELS: { key: PreferenceChannel; label: string }[] = [
  { key: 'inApp', label: 'In-app' },
  { key: 'email', label: 'Email' },
];

/** What the person is told, per kind and channel; each switch saves at once. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  function change(row: NotificationPreference, channel: PreferenceChannel, on: boolean) {
    save.mutate(
      { ...row, [channel]: on },
      {
        onSuccess: () => toast.success('Preference saved'),
        onError: (error) => toast.apiError(error, 'Could not save the preference'),
      },
    );
  }
  return (
    <Card className="p-5" aria-labelledby="notification-preferences-title" role="region">
      <h2
        id="notification-preferences-title"
        className="flex items-center gap-2 font-semibold text-slate-900"
      >
        <Bell className="h-5 w-5 text-brand-600" aria-hidden /> Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose what we tell you and where. Security and account emails (password resets, sign-in codes) are
        always sent.
      </p>
      {preferences.isPending ? (
        <div className="mt-4">
          <SkeletonList rows={5} />
        </div>
      ) : preferences.isError ? (
        <ErrorState
          title={apiErrorMessage(preferences.error, 'Failed to load your preferences')}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Notification preferences by kind and channel</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-600">
              <th scope="col" className="py-2 font-semibold">
                Kind
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel.key} scope="col" className="w-24 py-2 text-center font-semibold">
                  {channel.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preferences.data.map((row) => {
              const kind = NOTIFICATION_KIND_LABELS[row.kind];
              return (
                <tr key={row.kind}>
                  <th scope="row" className="py-3 pr-3 text-left font-normal">
                    <span className="block font-medium text-slate-900">{kind.label}</span>
                    <span className="block text-xs text-slate-600">{kind.description}</span>
                  </th>
                  {CHANNELS.map((channel) => (
                    <td key={channel.key} className="py-3 text-center">
                      <Switch
                        checked={row[channel.key]}
                        onChange={(on) => change(row, channel.key, on)}
                        label={`${kind.label}: ${channel.label}`}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}
