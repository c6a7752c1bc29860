import type {
  ApiKeyCreateBody,
  ApiKeyCreated,
  ApiKeyDto,
  WebhookAttemptDto,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDto,
  WebhookUpdateBody,
} from '@rentora/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiList, type ApiOk, api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

export const INTEGRATIONS_MESSAGES = {
  fetchKeys: 'Failed to fetch API keys',
  createKey: 'Failed to create the API key',
  revokeKey: 'Failed to revoke the API key',
  fetchWebhooks: 'Failed to fetch webhooks',
  saveWebhook: 'Failed to save the webhook',
  deleteWebhook: 'Failed to delete the webhook',
  fetchDeliveries: 'Failed to fetch deliveries',
  sendTest: 'Failed to send the test event',
  redeliver: 'Failed to redeliver',
} as const;

export const integrationKeys = {
  all: ['integrations'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (id: string, page: number) => ['integrations', 'webhooks', id, 'deliveries', page] as const,
};

export const integrationsApi = {
  apiKeys: (signal?: AbortSignal) =>
    api.get<ApiList<ApiKeyDto>>('/api-keys', { query: { limit: 100 }, signal }),
  createKey: (body: ApiKeyCreateBody) => api.post<ApiOk<ApiKeyCreated>>('/api-keys', body),
  revokeKey: (id: string) => api.delete<ApiOk<null>>(`/api-keys/${id}`),
  webhooks: (signal?: AbortSignal) =>
    api.get<ApiList<WebhookDto>>('/webhooks', { query: { limit: 100 }, signal }),
  createWebhook: (body: WebhookCreateBody) => api.post<ApiOk<WebhookCreated>>('/webhooks', body),
  updateWebhook: (id: string, body: WebhookUpdateBody) => api.put<ApiOk<WebhookDto>>(`/webhooks/${id}`, body),
  deleteWebhook: (id: string) => api.delete<ApiOk<null>>(`/webhooks/${id}`),
  sendTest: (id: string) => api.post<ApiOk<WebhookAttemptDto>>(`/webhooks/${id}/test`),
  deliveries: (id: string, page: number, signal?: AbortSignal) =>
    api.get<ApiList<WebhookAttemptDto>>(`/webhooks/${id}/deliveries`, { query: { page, limit: 20 }, signal }),
  redeliver: (deliveryId: string) =>
    api.post<ApiOk<WebhookAttemptDto>>(`/webhooks/deliveries/${deliveryId}/redeliver`),
};

export function useApiKeys() {
  return useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: ({ signal }) => integrationsApi.apiKeys(signal),
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: integrationKeys.webhooks,
    queryFn: ({ signal }) => integrationsApi.webhooks(signal),
  });
}

export function useDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: integrationKeys.deliveries(id, page),
    queryFn: ({ signal }) => integrationsApi.deliveries(id, page, signal),
  });
}

/** A mutation that refreshes the integrations queries after it succeeds. */
export function useIntegrationsMutation<I, O>(run: (input: I) => Promise<O>, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      if (success) toast.success(success);
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
    },
  });
}

/** `2xx` attempts are successes. */
export const isDelivered = (statusCode: number | null) =>
  statusCode !== null && statusCode >= 200 && statusCode < 300;
