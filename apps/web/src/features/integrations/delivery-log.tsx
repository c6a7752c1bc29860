import type { WebhookDto } from '@rentora/shared';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import {
  INTEGRATIONS_MESSAGES,
  integrationsApi,
  isDelivered,
  useDeliveries,
  useIntegrationsMutation,
} from './integrations.api';

/** A receiver's delivery attempts, newest first, with redelivery. */
export function DeliveryLog({
  webhook,
  canManage,
  onClose,
}: {
  webhook: WebhookDto | null;
  canManage: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={webhook !== null} onClose={onClose} title="Deliveries" description={webhook?.url} size="lg">
      {webhook ? <Attempts webhookId={webhook._id} canManage={canManage && webhook.isActive} /> : null}
    </Dialog>
  );
}

function Attempts({ webhookId, canManage }: { webhookId: string; canManage: boolean }) {
  const [page, setPage] = useState(1);
  const attempts = useDeliveries(webhookId, page);
  const redeliver = useIntegrationsMutation(integrationsApi.redeliver);
  if (attempts.isError) {
    return (
      <ErrorState
        title={INTEGRATIONS_MESSAGES.fetchDeliveries}
        message={apiErrorMessage(attempts.error, INTEGRATIONS_MESSAGES.fetchDeliveries)}
        onRetry={() => void attempts.refetch()}
      />
    );
  }
  if (!attempts.data) return <SkeletonList rows={3} />;
  if (attempts.data.data.length === 0) {
    return <EmptyState title="Nothing sent yet" description="Events appear here as they are delivered." />;
  }
  const { pagination } = attempts.data;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Event
              </th>
              <th scope="col" className="py-2 pr-3">
                Result
              </th>
              <th scope="col" className="py-2 pr-3">
                Time
              </th>
              <th scope="col" className="py-2 pr-3">
                Next retry
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {attempts.data.data.map((attempt) => (
              <tr key={attempt._id} data-testid="delivery-row">
                <td className="py-2 pr-3">
                  <p className="font-medium text-slate-900">{attempt.eventType}</p>
                  <p className="text-xs text-slate-500">{formatDateTime(attempt.createdAt)}</p>
                </td>
                <td className="py-2 pr-3">
                  <Badge tone={isDelivered(attempt.statusCode) ? 'success' : 'danger'}>
                    {attempt.statusCode ?? 'No answer'}
                  </Badge>
                  <p
                    className="mt-1 max-w-xs truncate text-xs text-slate-500"
                    title={attempt.error ?? attempt.responseExcerpt ?? ''}
                  >
                    {attempt.error ?? attempt.responseExcerpt ?? ''}
                  </p>
                </td>
                <td className="py-2 pr-3 text-slate-600">{attempt.durationMs} ms</td>
                <td className="py-2 pr-3 text-slate-600">
                  {attempt.nextRetryAt ? formatDateTime(attempt.nextRetryAt) : '—'}
                </td>
                <td className="py-2 text-right">
                  {canManage ? (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={redeliver.isPending && redeliver.variables === attempt.deliveryId}
                      onClick={() =>
                        redeliver.mutate(attempt.deliveryId, {
                          onSuccess: ({ data }) =>
                            isDelivered(data.statusCode)
                              ? toast.success('Redelivered', `${data.statusCode} in ${data.durationMs} ms`)
                              : toast.error('Redelivery failed', data.error ?? `HTTP ${data.statusCode}`),
                          onError: (error) => toast.apiError(error, INTEGRATIONS_MESSAGES.redeliver),
                        })
                      }
                    >
                      Redeliver
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between text-sm text-slate-500">
        <span>
          Page {pagination.page} of {pagination.totalPages}
        </span>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasPrev}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasNext}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
