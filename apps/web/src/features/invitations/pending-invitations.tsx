import type { CompanyDto } from '@rentora/shared';
import { MailCheck, RefreshCw, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListView, tableRows } from '../../components/list-view';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, timeAgo } from '../../lib/format';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { RoleBadge } from '../company-users/role-badge';
import {
  type CompanyInvitation,
  INVITATION_ACTION_MESSAGES,
  useCancelInvitation,
  useCompanyInvitations,
  useResendInvitation,
} from './invitations.api';

export interface PendingInvitationsProps {
  companies: readonly Pick<CompanyDto, '_id' | 'name'>[];
  canManage: boolean;
}

/** Pending invitations of the chosen companies, with resend and cancel (in the current company). */
export function PendingInvitations({ companies, canManage }: PendingInvitationsProps) {
  const { companyId } = useSession();
  const result = useCompanyInvitations(companies);
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<CompanyInvitation | null>(null);
  const several = companies.length > 1;

  const columns: DataTableColumn<CompanyInvitation>[] = [
    {
      id: 'person',
      header: 'Invited',
      cell: (invitation) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">
            {[invitation.firstName, invitation.lastName].filter(Boolean).join(' ') || invitation.email}
          </p>
          <p className="truncate text-xs text-slate-500">{invitation.email}</p>
        </div>
      ),
    },
    { id: 'role', header: 'Role', cell: (invitation) => <RoleBadge role={invitation.role} /> },
    ...(several
      ? [
          {
            id: 'company',
            header: 'Company',
            cell: (invitation: CompanyInvitation) => invitation.companyName,
          },
        ]
      : []),
    {
      id: 'sent',
      header: 'Sent',
      cell: (invitation) => (
        <span className="whitespace-nowrap text-slate-600">
          {timeAgo(invitation.lastSentAt)}
          {invitation.sentCount > 1 ? (
            <span className="text-xs text-slate-400"> · {invitation.sentCount}×</span>
          ) : null}
          {invitation.invitedBy ? (
            <span className="block text-xs text-slate-400">
              by {invitation.invitedBy.firstName} {invitation.invitedBy.lastName}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      cell: (invitation) =>
        invitation.status === 'expired' ? (
          <Badge tone="danger">Expired</Badge>
        ) : (
          <span className="whitespace-nowrap text-slate-600">{formatDate(invitation.expiresAt)}</span>
        ),
    },
  ];

  return (
    <div className="space-y-3">
      {result.failedCompanies.length && (result.isPending || result.invitations.length > 0) ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" role="status">
          Invitations of {result.failedCompanies.join(', ')} could not be loaded; the others are shown.
        </p>
      ) : null}
      <ListView
        list={{
          data: result.isPending ? undefined : { data: result.invitations },
          isPending: result.isPending,
          isFetching: result.isFetching,
          isError: false,
          error: null,
          refetch: result.refetch,
        }}
        errorTitle="Something went wrong"
        empty={
          <EmptyState
            icon={MailCheck}
            title="No pending invitations"
            description={
              result.failedCompanies.length
                ? `Invitations of ${result.failedCompanies.join(', ')} could not be loaded.`
                : 'Everyone you invited has answered.'
            }
            action={
              result.failedCompanies.length ? (
                <Button
                  variant="outline"
                  onClick={result.refetch}
                  icon={<RefreshCw className="h-4 w-4" aria-hidden />}
                >
                  Try again
                </Button>
              ) : undefined
            }
          />
        }
        onPageChange={() => undefined}
      >
        {tableRows({
          caption: 'Pending invitations',
          columns,
          rowKey: (invitation) => invitation._id,
          actions: canManage
            ? (invitation) => {
                const here = invitation.companyId === companyId;
                const hint = here
                  ? undefined
                  : `Switch to ${invitation.companyName} to manage this invitation`;
                return (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={!here}
                      title={hint}
                      loading={resend.isPending && resend.variables === invitation._id}
                      icon={<Send className="h-4 w-4" aria-hidden />}
                      onClick={() =>
                        resend.mutate(invitation._id, {
                          onSuccess: (answer) =>
                            toast.success(
                              'Invitation sent again',
                              answer.message ? `${answer.message} to ${invitation.email}` : undefined,
                            ),
                          onError: (error) =>
                            toast.error(apiErrorMessage(error, INVITATION_ACTION_MESSAGES.resend)),
                        })
                      }
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      disabled={!here}
                      title={hint}
                      icon={<XCircle className="h-4 w-4" aria-hidden />}
                      onClick={() => setCancelling(invitation)}
                    >
                      Cancel
                    </Button>
                  </>
                );
              }
            : undefined,
        })}
      </ListView>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this invitation?"
        description={
          cancelling ? `The link sent to ${cancelling.email} stops working and the seat is freed.` : undefined
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        loading={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling._id, {
            onSuccess: () => {
              toast.success('Invitation cancelled', cancelling.email);
              setCancelling(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, INVITATION_ACTION_MESSAGES.cancel)),
          })
        }
      />
    </div>
  );
}
