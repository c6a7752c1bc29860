import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHAT_ATTACHMENTS,
  CHAT_LIMITS,
  type ChatChannelDto,
  type ChatMessageDto,
  ZChatMessageBody,
  ZChatMessagePostBody,
} from '@rentora/shared';
import { Paperclip, X } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Textarea } from '../../components/field';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { CHAT_FALLBACK_MESSAGES, messagesPath, sendTyping, useEditMessage, useSendMessage } from './chat.api';
import { fileSize } from './message-item';

const TYPING_THROTTLE_MS = 2500;

type PostInput = z.input<typeof ZChatMessagePostBody>;
type PostBody = z.output<typeof ZChatMessagePostBody>;

/**
 * The message box under a conversation: text and up to the allowed number of files. Enter sends, Shift+Enter
 * starts a new line; typing tells the others (throttled).
 */
export function Composer({
  channel,
  onSend,
  tenantView = false,
}: {
  channel: ChatChannelDto;
  onSend: () => void;
  /** The tenant's side of a tenancy conversation (no typing events there). */
  tenantView?: boolean;
}) {
  const send = useSendMessage(channel._id, messagesPath(channel, tenantView));
  const form = useForm<PostInput, unknown, PostBody>({
    resolver: zodResolver(ZChatMessagePostBody),
    defaultValues: { body: '' },
  });
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const draft = form.watch('body') ?? '';
  const label = `Message ${channel.kind === 'channel' ? `#${channel.name}` : channel.name}`;

  const submit = form.handleSubmit(({ body }) => {
    if ((!body && files.length === 0) || send.isPending) return;
    onSend();
    send.mutate(
      { body, files },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          setFiles([]);
        },
        onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.send)),
      },
    );
  });

  function addFiles(list: FileList | null) {
    const picked = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    const tooBig = picked.filter((file) => file.size > CHAT_ATTACHMENTS.maxBytes);
    if (tooBig.length > 0) {
      toast.error(`Files can be at most ${CHAT_ATTACHMENTS.maxBytes / (1024 * 1024)} MB`);
    }
    const next = [...files, ...picked.filter((file) => file.size <= CHAT_ATTACHMENTS.maxBytes)];
    if (next.length > CHAT_ATTACHMENTS.maxFiles) {
      toast.error(`At most ${CHAT_ATTACHMENTS.maxFiles} files per message`);
    }
    setFiles(next.slice(0, CHAT_ATTACHMENTS.maxFiles));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
      return;
    }
    if (!tenantView && Date.now() - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = Date.now();
      sendTyping(channel._id);
    }
  }

  return (
    <>
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-2 border-t border-slate-200 px-3 pt-2" aria-label="Files to send">
          {files.map((file, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be picked twice
              key={`${file.name}-${index}`}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-xs text-slate-700"
            >
              <span className="max-w-[10rem] truncate">{file.name}</span>
              <span className="text-slate-400">{fileSize(file.size)}</span>
              <button
                type="button"
                onClick={() => setFiles((current) => current.filter((_, position) => position !== index))}
                className="rounded-full p-0.5 hover:bg-slate-200"
                aria-label={`Remove ${file.name}`}
              >
                <X className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={submit}
        noValidate
        className={cn('flex items-end gap-2 p-3', files.length === 0 && 'border-t border-slate-200')}
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={CHAT_ATTACHMENTS.accept}
          className="hidden"
          aria-label="Attach files"
          onChange={(event) => addFiles(event.target.files)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => fileInput.current?.click()}
          disabled={files.length >= CHAT_ATTACHMENTS.maxFiles}
          aria-label="Attach photos, videos or PDFs"
          title="Attach photos, videos or PDFs"
        >
          <Paperclip className="h-4 w-4" />
        </Button>
        <label htmlFor="chat-composer" className="sr-only">
          {label}
        </label>
        <Textarea
          id="chat-composer"
          rows={1}
          maxLength={CHAT_LIMITS.bodyMax}
          {...form.register('body')}
          onKeyDown={onKeyDown}
          placeholder={label}
          title="Enter sends, Shift+Enter starts a new line"
          className="max-h-40 min-h-[2.5rem] flex-1 resize-none"
        />
        <Button type="submit" disabled={(!draft.trim() && files.length === 0) || send.isPending}>
          Send
        </Button>
      </form>
    </>
  );
}

type EditInput = z.input<typeof ZChatMessageBody>;
type EditBody = z.output<typeof ZChatMessageBody>;

/** Edit one's own message: the same text rules as a new message, but text is required. */
export function EditMessageDialog({
  message,
  onClose,
}: {
  message: ChatMessageDto | null;
  onClose: () => void;
}) {
  const edit = useEditMessage();
  const form = useForm<EditInput, unknown, EditBody>({
    resolver: zodResolver(ZChatMessageBody),
    values: { body: message?.body ?? '' },
  });
  const draft = form.watch('body') ?? '';
  const save = form.handleSubmit(({ body }) => {
    if (!message) return;
    edit.mutate(
      { id: message._id, body },
      {
        onSuccess: onClose,
        onError: (error) => toast.error(apiErrorMessage(error, CHAT_FALLBACK_MESSAGES.edit)),
      },
    );
  });
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      title="Edit message"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="chat-edit-message" disabled={!draft.trim() || edit.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="chat-edit-message" onSubmit={save} noValidate>
        <Textarea
          aria-label="Message"
          rows={4}
          maxLength={CHAT_LIMITS.bodyMax}
          {...form.register('body')}
          data-autofocus
        />
      </form>
    </Dialog>
  );
}
