import type { CompanyUserDetailDto } from '@rentora/shared';
import { CalendarDays, KeyRound, LogIn, type Mail, MessageSquareText, Target } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { formatDate, humanize, timeAgo } from '../../../lib/format';
import { useCompanyUserNotes } from '../company-users.api';

interface ActivityEntry {
  id: string;
  at: string;
  icon: typeof Mail;
  text: string;
}

/** What happened to this membership, newest first: joining, sign-ins, goals, notes, changes. */
export function ActivityPanel({ member }: { member: CompanyUserDetailDto }) {
  const notes = useCompanyUserNotes(member._id, 1);
  const entries: ActivityEntry[] = [
    {
      id: 'joined',
      at: member.joinedAt,
      icon: CalendarDays,
      text: `Joined as ${humanize(member.role)}${member.invitedBy ? `, invited by ${member.invitedBy.firstName} ${member.invitedBy.lastName}` : ''}`,
    },
    ...(member.lastLoginAt ? [{ id: 'login', at: member.lastLoginAt, icon: LogIn, text: 'Signed in' }] : []),
    ...(member.updatedAt !== member.createdAt
      ? [
          {
            id: 'updated',
            at: member.updatedAt,
            icon: KeyRound,
            text: 'Role, permissions or details last changed',
          },
        ]
      : []),
    ...member.goals.flatMap((goal) => [
      { id: `goal-${goal._id}`, at: goal.createdAt, icon: Target, text: `Goal set: ${goal.title}` },
      ...(goal.updatedAt !== goal.createdAt
        ? [
            {
              id: `goal-${goal._id}-u`,
              at: goal.updatedAt,
              icon: Target,
              text: `Goal “${goal.title}” is ${humanize(goal.status)}`,
            },
          ]
        : []),
    ]),
    ...(notes.data?.data ?? []).map((note) => ({
      id: `note-${note._id}`,
      at: note.createdAt,
      icon: MessageSquareText,
      text: `Note added${note.author ? ` by ${note.author.firstName} ${note.author.lastName}` : ''}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  return (
    <Card className="p-6">
      <ol className="relative space-y-5 border-l border-slate-200 pl-6">
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span className="absolute -left-[33px] flex h-6 w-6 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-4 ring-white">
              <entry.icon className="h-3.5 w-3.5" aria-hidden />
            </span>
            <p className="text-sm text-slate-800">{entry.text}</p>
            <time dateTime={entry.at} className="text-xs text-slate-400" title={formatDate(entry.at)}>
              {timeAgo(entry.at)} · {formatDate(entry.at)}
            </time>
          </li>
        ))}
      </ol>
      {notes.isPending ? <p className="mt-4 text-xs text-slate-400">Loading notes…</p> : null}
      <ButtonLink to="/dashboard/company-users" variant="link" className="mt-6">
        Back to the team
      </ButtonLink>
    </Card>
  );
}
