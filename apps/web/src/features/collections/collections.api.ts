import type {
  CollectionRunResult,
  CollectionSettingsDto,
  CollectionTemplateDto,
  ContactPreferences,
  ReminderDto,
  ReminderTemplateKey,
} from '@rentora/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

export const COLLECTIONS_MESSAGES = {
  fetchSettings: 'Failed to fetch the collections settings',
  saveSettings: 'Failed to save the collections settings',
  fetchTemplates: 'Failed to fetch the reminder templates',
  saveTemplate: 'Failed to save the template',
  preview: 'Failed to preview the template',
  fetchReminders: 'Failed to fetch reminders',
  resend: 'Failed to send the reminder again',
  run: "Failed to run the day's collections",
  fetchPreferences: 'Failed to fetch the contact preferences',
  savePreferences: 'Failed to save the contact preferences',
} as const;

export interface ReminderFilters {
  page?: number;
  limit?: number;
  invoiceId?: string;
  status?: ReminderDto['status'];
  channel?: ReminderDto['channel'];
}

/** Whose preferences: a tenancy (staff) or the signed-in person. */
export type PreferencesOwner = { tenantId: string } | 'mine';

const preferencesPath = (owner: PreferencesOwner) =>
  owner === 'mine'
    ? '/collections/contact-preferences/mine'
    : `/tenants/${owner.tenantId}/contact-preferences`;

export const collectionsKeys = {
  all: ['collections'] as const,
  settings: ['collections', 'settings'] as const,
  templates: ['collections', 'templates'] as const,
  reminders: (filters: ReminderFilters) => ['collections', 'reminders', filters] as const,
  preferences: (owner: PreferencesOwner) =>
    ['collections', 'preferences', owner === 'mine' ? 'mine' : owner.tenantId] as const,
};

export const collectionsApi = {
  settings: (signal?: AbortSignal) => api.getData<CollectionSettingsDto>('/collections/settings', { signal }),
  saveSettings: (body: CollectionSettingsDto) =>
    api.put<ApiOk<CollectionSettingsDto>>('/collections/settings', body),
  templates: (signal?: AbortSignal) =>
    api.getData<CollectionTemplateDto[]>('/collections/templates', { signal }),
  saveTemplate: (key: ReminderTemplateKey, body: Record<string, unknown>) =>
    api.put<ApiOk<CollectionTemplateDto>>(`/collections/templates/${key}`, body),
  preview: (body: { body: string; invoiceId: string }) =>
    api.post<ApiOk<{ text: string }>>('/collections/templates/preview', body),
  reminders: (filters: ReminderFilters, signal?: AbortSignal) =>
    api.get<ApiList<ReminderDto>>('/collections/reminders', { query: { ...filters }, signal }),
  resend: (id: string) => api.post<ApiOk<ReminderDto>>(`/collections/reminders/${id}/resend`),
  run: (date?: string) =>
    api.post<ApiOk<CollectionRunResult>>('/collections/run', undefined, { query: date ? { date } : {} }),
  preferences: (owner: PreferencesOwner, signal?: AbortSignal) =>
    api.getData<ContactPreferences>(preferencesPath(owner), { signal }),
  savePreferences: (owner: PreferencesOwner, body: ContactPreferences) =>
    api.put<ApiOk<ContactPreferences>>(preferencesPath(owner), body),
};

export function useCollectionSettings() {
  return useQuery({
    queryKey: collectionsKeys.settings,
    queryFn: ({ signal }) => collectionsApi.settings(signal),
  });
}

export function useSaveCollectionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectionsApi.saveSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(collectionsKeys.settings, answer.data);
      toast.success('Reminder schedule saved');
    },
  });
}

export function useCollectionTemplates() {
  return useQuery({
    queryKey: collectionsKeys.templates,
    queryFn: ({ signal }) => collectionsApi.templates(signal),
  });
}

export function useSaveCollectionTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: ReminderTemplateKey; body: Record<string, unknown> }) =>
      collectionsApi.saveTemplate(key, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: collectionsKeys.templates });
      toast.success('Template saved');
    },
  });
}

export function useReminders(filters: ReminderFilters) {
  return useQuery({
    queryKey: collectionsKeys.reminders(filters),
    queryFn: ({ signal }) => collectionsApi.reminders(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useResendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectionsApi.resend,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['collections', 'reminders'] });
      if (answer.data.status === 'sent') toast.success('Reminder sent again');
      else toast.error('Reminder not sent', answer.data.error ?? answer.data.status);
    },
    onError: (error) => toast.apiError(error, COLLECTIONS_MESSAGES.resend),
  });
}

export function useRunCollections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date?: string) => collectionsApi.run(date),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['collections', 'reminders'] });
      toast.success(
        "Today's collections done",
        `${answer.data.sent.length} reminders, ${answer.data.charged.length} late fees`,
      );
    },
    onError: (error) => toast.apiError(error, COLLECTIONS_MESSAGES.run),
  });
}

export function useContactPreferences(owner: PreferencesOwner) {
  return useQuery({
    queryKey: collectionsKeys.preferences(owner),
    queryFn: ({ signal }) => collectionsApi.preferences(owner, signal),
  });
}

export function useSaveContactPreferences(owner: PreferencesOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactPreferences) => collectionsApi.savePreferences(owner, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(collectionsKeys.preferences(owner), answer.data);
      toast.success('Contact preferences saved');
    },
    onError: (error) => toast.apiError(error, COLLECTIONS_MESSAGES.savePreferences),
  });
}
