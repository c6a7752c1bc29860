import { zodResolver } from '@hookform/resolvers/zod';
import { type ChatChannelCreateInput, ZChatChannelCreateBody } from '@rentora/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { apiErrorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { CHAT_FALLBACK_MESSAGES, useChatMembers, useCreateChannel, useOpenDirect } from './chat.api';

type ChatChannelCreateBody = z.output<typeof ZChatChannelCreateBody>;

export function NewChannelDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const create = useCreateChannel();
  const members = useChatMembers(open);
  const selfId = useAuth().user?._id;
  const form = useForm<ChatChannelCreateInput, unknown, ChatChannelCreateBody>({
    resolver: zodResolver(ZChatChannelCreateBody),
    defaultValues: { name: '', description: '', isPrivate: false, memberIds: [] },
  });
  const name = form.watch('name');
  const isPrivate = form.watch('isPrivate') ?? false;
  const memberIds = form.watch('memberIds') ?? [];

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      {
        name: values.name,
        description: values.description || undefined,
        isPrivate: values.isPrivate,
        memberIds: values.isPrivate ? values.memberIds : [],
      },
      {
        onSuccess: (channel) => {
          toast.success('Channel created', `#${channel.name}`);
          form.reset({ name: '', description: '', isPrivate: values.isPrivate, memberIds: [] });
          onCreated(channel._id);
        },
        onError: (failure) =>
          form.setError('name', { message: apiErrorMessage(failure, CHAT_FALLBACK_MESSAGES.create) }),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New channel"
      description="Channels are where your team talks about a topic."
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <Field
          label="Name"
          required
          error={form.formState.errors.name?.message}
          hint="Lowercase letters, digits, - and _"
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('name')}
              placeholder="e.g. maintenance-team"
              data-autofocus
            />
          )}
        </Field>
        <Field label="Description" error={form.formState.errors.description?.message}>
          {(control) => <Input {...control} {...form.register('description')} maxLength={200} />}
        </Field>
        <Switch
          checked={isPrivate}
          onChange={(checked) => form.setValue('isPrivate', checked)}
          label="Private channel"
          text="Private: only the members you pick can see it"
        />
        {isPrivate ? (
          <fieldset className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            <legend className="px-1 text-sm font-medium text-slate-700">Members</legend>
            {(members.data ?? [])
              .filter((member) => member._id !== selfId)
              .map((member) => (
                <label
                  key={member._id}
                  className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={memberIds.includes(member._id)}
                    onChange={(event) =>
                      form.setValue(
                        'memberIds',
                        event.target.checked
                          ? [...memberIds, member._id]
                          : memberIds.filter((id) => id !== member._id),
                      )
                    }
                  />
                  <Avatar
                    firstName={member.firstName}
                    lastName={member.lastName}
                    src={member.avatar}
                    size="xs"
                  />
                  {member.firstName} {member.lastName}
                </label>
              ))}
          </fieldset>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || create.isPending}>
            Create channel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function NewDirectDialog({
  open,
  onClose,
  onOpened,
}: {
  open: boolean;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const members = useChatMembers(open);
  const openDirect = useOpenDirect();
  const selfId = useAuth().user?._id;
  const [filter, setFilter] = useState('');
  const visible = (members.data ?? []).filter(
    (member) =>
      member._id !== selfId &&
      `${member.firstName} ${member.lastName}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New message"
      description="Start a conversation with someone in your company."
    >
      <Input
        aria-label="Find a person"
        placeholder="Find a person"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-autofocus
      />
      <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto">
        {members.isPending ? (
          <SkeletonList rows={3} />
        ) : visible.length === 0 ? (
          <li className="px-2 py-3 text-sm text-slate-500">Nobody matches.</li>
        ) : (
          visible.map((member) => (
            <li key={member._id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-100"
                disabled={openDirect.isPending}
                onClick={() =>
                  openDirect.mutate(member._id, {
                    onSuccess: (channel) => onOpened(channel._id),
                    onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.direct)),
                  })
                }
              >
                <Avatar
                  firstName={member.firstName}
                  lastName={member.lastName}
                  src={member.avatar}
                  size="sm"
                />
                {member.firstName} {member.lastName}
              </button>
            </li>
          ))
        )}
      </ul>
    </Dialog>
  );
}
