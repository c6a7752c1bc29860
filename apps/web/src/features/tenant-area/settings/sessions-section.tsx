import type { SessionDto } from '@rentora/shared';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/empty-state';
import { SkeletonList } from '../../../components/skeleton';
import { apiErrorMessage } from '../../../lib/api-client';
import { timeAgo } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useEndOtherSessions, useEndSession, useSessions } from './settings.api';

function SessionRow({ session, onEnd, busy }: { session: SessionDto; onEnd: () => void; busy: boolean }) {
  return (
    <li className="flex items-center gap-3 py-3" data-testid="session-row">
      <MonitorSmartphone className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {session.device} {session.current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-slate-600">
          {session.current ? 'Active now' : `Last active ${timeAgo(session.lastUsedAt)}`}
          {session.ip ? ` · IP ${session.ip}` : ''}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          loading={busy}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The person's signed-in sessions, with "sign out" per session and everywhere else. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirm, setConfirm] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Card className="p-5" aria-labelledby="sessions-title" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-title" className="flex items-center gap-2 font-semibold text-slate-900">
            <MonitorSmartphone className="h-5 w-5 text-brand-600" aria-hidden /> Connected sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600">Browsers and devices signed in to your account.</p>
        </div>
        <Button variant="outline" size="sm" disabled={others === 0} onClick={() => setConfirm(true)}>
          <LogOut className="h-4 w-4" aria-hidden /> Sign out everywhere else
        </Button>
      </div>
      {sessions.isPending ? (
        <div className="mt-4">
          <SkeletonList rows={2} />
        </div>
      ) : sessions.isError ? (
        <ErrorState
          title={apiErrorMessage(sessions.error, 'Failed to load your sessions')}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Sessions">
          {sessions.data.map((session) => (
            <SessionRow
              key={session._id}
              session={session}
              busy={end.isPending && end.variables === session._id}
              onEnd={() =>
                end.mutate(session._id, {
                  onSuccess: () => toast.success('Session signed out'),
                  onError: (error) => toast.apiError(error, 'Could not sign the session out'),
                })
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm}
        title="Sign out everywhere else?"
        description={`Every other browser and device (${others}) is signed out at once. You stay signed in here.`}
        confirmLabel="Sign out everywhere else"
        loading={endOthers.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (ended) => {
              setConfirm(false);
              toast.success(
                ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`,
              );
            },
            onError: (error) => toast.apiError(error, 'Could not sign out the other sessions'),
          })
        }
      />
    </Card>
  );
}
