import type { PublicTicketTrackingDto } from '@rentora/shared';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { ApiError, api, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { CommentList, PriorityBadge, StatusBadge, Timeline } from '../maintenance/maintenance-display';
import { PublicShell } from './create-ticket-page';

/** /track-ticket/{trackingToken}: the status and public comments of a public ticket (never internal notes). */
export function TrackTicketPage() {
  const { trackingToken = '' } = useParams();
  const ticket = useQuery({
    queryKey: ['public-ticket', trackingToken],
    queryFn: ({ signal }) =>
      api.getData<PublicTicketTrackingDto>(`/public/tickets/${encodeURIComponent(trackingToken)}`, {
        signal,
      }),
    retry: false,
    refetchInterval: 60_000,
  });
  useDocumentTitle(ticket.data ? `${ticket.data.ticketNumber} · ${ticket.data.title}` : 'Track your request');
  return (
    <PublicShell>
      {ticket.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : ticket.isError || !ticket.data ? (
        <EmptyState
          icon={ShieldAlert}
          title="We could not find this request"
          description={
            ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400)
              ? 'Check that you opened the whole link from your confirmation email.'
              : apiErrorMessage(ticket.error, 'Please try again later.')
          }
        />
      ) : (
        <div className="space-y-5">
          <div>
            <p className="text-sm font-medium text-brand-700">{ticket.data.companyName}</p>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">{ticket.data.title}</h1>
            <p className="mt-1 text-sm text-slate-500">
              {ticket.data.ticketNumber} · {ticket.data.propertyName}
              {ticket.data.unitNumber ? ` · Unit ${ticket.data.unitNumber}` : ''} · filed{' '}
              {formatDate(ticket.data.createdAt)}
            </p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-600">Status:</span>
              <StatusBadge status={ticket.data.status} />
              <PriorityBadge priority={ticket.data.priority} />
            </div>
          </div>
          <Card className="space-y-3 p-5">
            <h2 className="text-sm font-semibold text-slate-900">Messages from the team</h2>
            <CommentList
              comments={ticket.data.comments}
              empty="No messages yet. We will post updates here."
            />
          </Card>
          <Card className="p-5">
            <h2 className="mb-3 text-sm font-semibold text-slate-900">Progress</h2>
            <Timeline events={ticket.data.timeline} />
          </Card>
        </div>
      )}
    </PublicShell>
  );
}
