import { zodResolver } from '@hookform/resolvers/zod';
import { ZCompanyUserNoteBody } from '@rentora/shared';
import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Field, Textarea } from '../../components/field';
import { ListView } from '../../components/list-view';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { COMPANY_USER_ACTION_MESSAGES, useAddNote, useCompanyUserNotes } from './company-users.api';

/** Internal notes about a member (visible to whoever can read company users). */
export function NotesPanel({ memberId, editable }: { memberId: string; editable: boolean }) {
  const [page, setPage] = useState(1);
  const notes = useCompanyUserNotes(memberId, page);
  const add = useAddNote(memberId);
  const form = useForm({ resolver: zodResolver(ZCompanyUserNoteBody), defaultValues: { content: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values.content, {
      onSuccess: () => {
        toast.success('Note added');
        form.reset({ content: '' });
        setPage(1);
      },
      onError: (error) => toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.note)),
    }),
  );
  return (
    <div className="space-y-4">
      {editable ? (
        <Card className="p-4">
          <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Add a note">
            <Field label="New note" error={form.formState.errors.content?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  placeholder="Visible to your team, not to the member."
                  {...form.register('content')}
                />
              )}
            </Field>
            <div className="flex justify-end">
              <Button type="submit" size="sm" loading={add.isPending}>
                Add note
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <ListView
        list={notes}
        errorTitle="Notes could not be loaded"
        errorFallback={COMPANY_USER_ACTION_MESSAGES.notes}
        empty={
          <EmptyState
            icon={MessageSquareText}
            title="No notes yet"
            description="Keep track of reviews, training and agreements."
          />
        }
        onPageChange={setPage}
        itemLabel="notes"
        paginationClassName=""
      >
        {(rows, state) =>
          state.loading ? (
            <SkeletonList rows={3} />
          ) : (
            <ul className="space-y-3">
              {rows.map((note) => (
                <li key={note._id}>
                  <Card className="flex gap-3 p-4">
                    <Avatar firstName={note.author?.firstName} lastName={note.author?.lastName} size="sm" />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm">
                        <span className="font-semibold text-slate-900">
                          {note.author ? `${note.author.firstName} ${note.author.lastName}` : 'Former member'}
                        </span>{' '}
                        <time
                          dateTime={note.createdAt}
                          title={formatDate(note.createdAt)}
                          className="text-xs text-slate-400"
                        >
                          {timeAgo(note.createdAt)}
                        </time>
                      </p>
                      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{note.content}</p>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </ListView>
    </div>
  );
}
