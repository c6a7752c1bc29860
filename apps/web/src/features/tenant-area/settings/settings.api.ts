import type { NotificationPreference, SessionDto } from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api } from '../../../lib/api-client';

export const settingsKeys = {
  preferences: ['me', 'notification-preferences'] as const,
  sessions: ['me', 'sessions'] as const,
};

export function useNotificationPreferences() {
  return useQuery({
    queryKey: settingsKeys.preferences,
    queryFn: ({ signal }) =>
      api.getData<NotificationPreference[]>('/me/notification-preferences', { signal }),
  });
}

/** Saves one kind; the switches move at once and go back if the save fails. */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: NotificationPreference) =>
      api
        .put<ApiOk<NotificationPreference[]>>('/me/notification-preferences', { preferences: [row] })
        .then((answer) => answer.data),
    onMutate: async (row) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.preferences });
      const before = queryClient.getQueryData<NotificationPreference[]>(settingsKeys.preferences);
      queryClient.setQueryData<NotificationPreference[]>(settingsKeys.preferences, (rows) =>
        rows?.map((current) => (current.kind === row.kind ? row : current)),
      );
      return { before };
    },
    onError: (_error, _row, context) => {
      if (context?.before) queryClient.setQueryData(settingsKeys.preferences, context.before);
    },
    onSuccess: (rows) => queryClient.setQueryData(settingsKeys.preferences, rows),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: settingsKeys.sessions,
    queryFn: ({ signal }) => api.getData<SessionDto[]>('/me/sessions', { signal }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(`/me/sessions/${sessionId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .post<ApiOk<{ ended: number }>>('/me/sessions/end-others', { confirm: true })
        .then((answer) => answer.data.ended),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
