import type { TestNotificationBody, TestNotificationResult } from '@rentora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';
import { notificationLogKeys } from '../notification-logs/notification-logs.api';
import { notificationKeys } from '../notifications/notifications.api';

export const TEST_NOTIFICATION_FALLBACK_MESSAGE = 'Failed to send test notification';

/** POST /test-notifications: one in-app notification or email to one user; the answer says whether it was delivered. */
export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestNotificationBody) =>
      api.post<ApiOk<TestNotificationResult>>('/test-notifications', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationLogKeys.all });
      // A test sent to oneself shows up in one's own bell.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
