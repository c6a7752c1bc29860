import type { ChatChannelCreateInput, ChatChannelDto, ChatMember, ChatMessageDto } from '@rentora/shared';
import { CHAT_ATTACHMENTS, CHAT_LIMITS } from '@rentora/shared';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiOk, api } from '../../lib/api-client';

export const CHAT_FALLBACK_MESSAGES = {
  channels: 'Failed to fetch channels',
  messages: 'Failed to fetch messages',
  send: 'Failed to send message',
  create: 'Failed to create channel',
  direct: 'Failed to open the conversation',
  edit: 'Failed to edit message',
  delete: 'Failed to delete message',
};

export interface MessagePage {
  success: true;
  data: ChatMessageDto[];
  nextCursor: string | null;
}

export const chatKeys = {
  all: ['chat'] as const,
  channels: ['chat', 'channels'] as const,
  /** The tenant's conversations (one per tenancy). */
  tenancies: ['chat', 'tenancies'] as const,
  members: ['chat', 'members'] as const,
  messages: (channelId: string) => ['chat', 'messages', channelId] as const,
};

export function useChatChannels() {
  return useQuery({
    queryKey: chatKeys.channels,
    queryFn: ({ signal }) => api.getData<ChatChannelDto[]>('/chat/channels', { signal }),
  });
}

export function useChatMembers(enabled = true) {
  return useQuery({
    queryKey: chatKeys.members,
    queryFn: ({ signal }) => api.getData<ChatMember[]>('/chat/members', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Where a conversation's messages are read and written: staff by channel id, the tenant of a tenancy conversation
 * by its tenancy id (`tenantView`).
 */
export function messagesPath(channel: Pick<ChatChannelDto, '_id' | 'tenancy'>, tenantView = false): string {
  return tenantView && channel.tenancy
    ? `/chat/tenancies/${channel.tenancy._id}/messages`
    : `/chat/channels/${channel._id}/messages`;
}

/** The total of unread messages over the staff member's channels (the sidebar's Chat badge); polled. */
export function useChatUnreadTotal(enabled: boolean): number {
  const channels = useQuery({
    queryKey: chatKeys.channels,
    queryFn: ({ signal }) => api.getData<ChatChannelDto[]>('/chat/channels', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
  return (channels.data ?? []).reduce((sum, channel) => sum + channel.unreadCount, 0);
}

/** The tenant's conversations with their landlords (GET /chat/tenancies makes them on first visit). */
export function useTenantConversations(refetchInterval?: number) {
  return useQuery({
    queryKey: chatKeys.tenancies,
    queryFn: ({ signal }) => api.getData<ChatChannelDto[]>('/chat/tenancies', { signal }),
    refetchInterval,
  });
}

export function useMarkTenancyRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: ChatChannelDto) => api.post(`/chat/tenancies/${channel.tenancy?._id}/read`),
    onMutate: (channel) => {
      queryClient.setQueryData<ChatChannelDto[]>(chatKeys.tenancies, (list) =>
        list?.map((row) => (row._id === channel._id ? { ...row, unreadCount: 0 } : row)),
      );
    },
  });
}

/** Newest page first; each page is newest-first, so the UI reverses the flattened list. */
export function useChatMessages(channelId: string | null, path = `/chat/channels/${channelId}/messages`) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(channelId ?? 'none'),
    enabled: Boolean(channelId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<MessagePage>(path, {
        query: { before: pageParam, limit: CHAT_LIMITS.pageDefault },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

type Pages = InfiniteData<MessagePage, string | undefined>;

/** Adds or replaces a message in a channel's cached pages (own sends and socket events alike). */
export function upsertMessage(queryClient: QueryClient, message: ChatMessageDto): void {
  queryClient.setQueryData<Pages>(chatKeys.messages(message.channelId), (data) => {
    if (!data) return data;
    const exists = data.pages.some((page) => page.data.some((row) => row._id === message._id));
    if (exists) {
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((row) => (row._id === message._id ? message : row)),
        })),
      };
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, data: [message, ...first.data] }, ...rest] };
  });
}

export function markMessageDeleted(queryClient: QueryClient, channelId: string, messageId: string): void {
  queryClient.setQueryData<Pages>(chatKeys.messages(channelId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((row) =>
              row._id === messageId ? { ...row, body: '', deletedAt: new Date().toISOString() } : row,
            ),
          })),
        }
      : data,
  );
}

export function useSendMessage(channelId: string | null, url = `/chat/channels/${channelId}/messages`) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, files = [] }: { body: string; files?: readonly File[] }) => {
      if (files.length === 0) return api.post<ApiOk<ChatMessageDto>>(url, { body }).then((r) => r.data);
      // Files go as multipart/form-data: the text in "body", each file in the repeated field "files".
      const form = new FormData();
      form.append('body', body);
      for (const file of files) form.append(CHAT_ATTACHMENTS.field, file, file.name);
      return api.post<ApiOk<ChatMessageDto>>(url, form).then((r) => r.data);
    },
    onSuccess: (message) => {
      upsertMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.channels });
      void queryClient.invalidateQueries({ queryKey: chatKeys.tenancies });
    },
  });
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api.put<ApiOk<ChatMessageDto>>(`/chat/messages/${id}`, { body }).then((r) => r.data),
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ChatMessageDto) => api.delete(`/chat/messages/${message._id}`).then(() => message),
    onSuccess: (message) => markMessageDeleted(queryClient, message.channelId, message._id),
  });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatChannelCreateInput) =>
      api.post<ApiOk<ChatChannelDto>>('/chat/channels', input).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.channels }),
  });
}

export function useOpenDirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<ApiOk<ChatChannelDto>>('/chat/direct', { userId }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.channels }),
  });
}

/** The read marker moves to now; the channel's badge clears at once. */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => api.post(`/chat/channels/${channelId}/read`),
    onMutate: (channelId) => {
      queryClient.setQueryData<ChatChannelDto[]>(chatKeys.channels, (list) =>
        list?.map((channel) => (channel._id === channelId ? { ...channel, unreadCount: 0 } : channel)),
      );
    },
  });
}

export function sendTyping(channelId: string): void {
  void api.post(`/chat/channels/${channelId}/typing`).catch(() => undefined);
}
