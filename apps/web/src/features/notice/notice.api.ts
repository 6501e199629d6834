import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../components/crud/auth';
import { call } from '../../lib/api/client';

/** A notice as its receiver sees it. */
export type ReceivedNotice = RouteOutput<typeof api.sysNotice.pageReceived>['items'][number];
/** A message as its receiver sees it. */
export type ReceivedMessage = RouteOutput<typeof api.sysMessage.pageReceived>['items'][number];

/** Query keys of notices and messages. */
export const noticeKeys = {
  receivers: ['sysMessage', 'receivers'] as const,
  /** Everything a receiver sees: the centre's lists and the bell. */
  inbox: ['inbox'] as const,
  receivedNotices: (input: RouteInput<typeof api.sysNotice.pageReceived>) => ['inbox', 'notices', input] as const,
  receivedMessages: (input: RouteInput<typeof api.sysMessage.pageReceived>) => ['inbox', 'messages', input] as const,
  unreadNotices: ['inbox', 'unreadNotices'] as const,
  unreadMessages: ['inbox', 'unreadMessages'] as const,
};

/** Unread lists are polled this often as a fallback when the live connection is down. */
const UNREAD_POLL_MS = 60_000;

function useInvalidate(key: readonly unknown[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

/** Publishes a draft to the whole tenant. */
export function usePublishNotice() {
  const invalidate = useInvalidate(['sysNotice']);
  return useMutation({ mutationFn: (id: number) => call(api.sysNotice.public, { id }), onSuccess: invalidate });
}

/** Withdraws a published notice. */
export function useCancelNotice() {
  const invalidate = useInvalidate(['sysNotice']);
  return useMutation({ mutationFn: (id: number) => call(api.sysNotice.cancel, { id }), onSuccess: invalidate });
}

/** The users a message can go to. */
export function useReceivers(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.receivers,
    queryFn: () => call(api.sysMessage.receiverList, {}),
    enabled,
    staleTime: 60_000,
  });
}

/** Sends a message (silently: the dialog shows the outcome). */
export function useSendMessage() {
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.sysMessage.send>) => call(api.sysMessage.send, input, { silent: true }),
  });
}

/** A page of the caller's notices. */
export function useReceivedNotices(input: RouteInput<typeof api.sysNotice.pageReceived>, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.receivedNotices(input),
    queryFn: () => call(api.sysNotice.pageReceived, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page of the caller's messages. */
export function useReceivedMessages(input: RouteInput<typeof api.sysMessage.pageReceived>, enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.receivedMessages(input),
    queryFn: () => call(api.sysMessage.pageReceived, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many unread notices the bell lists. */
const UNREAD_SHOWN = 10;

/** The server lists every unread notice: the bell shows how many there are and the newest of them. */
function countAndNewest<T>(list: T[]) {
  return { total: list.length, items: list.slice(0, UNREAD_SHOWN) };
}

/** The caller's unread notices and messages (each only when the user holds its code). */
export function useUnread() {
  const can = useCan();
  const notices = useQuery({
    queryKey: noticeKeys.unreadNotices,
    queryFn: () => call(api.sysNotice.unReadList, {}, { silent: true }),
    select: countAndNewest,
    enabled: can('sysNotice:unReadList'),
    refetchInterval: UNREAD_POLL_MS,
  });
  const messages = useQuery({
    queryKey: noticeKeys.unreadMessages,
    queryFn: () => call(api.sysMessage.unReadList, {}, { silent: true }),
    enabled: true,
    refetchInterval: UNREAD_POLL_MS,
  });
  return { notices: notices.data, messages: messages.data };
}

/** Marks one notice or message read. */
export function useSetRead() {
  const invalidate = useInvalidate(noticeKeys.inbox);
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'notice' | 'message'; id: number }) =>
      kind === 'notice'
        ? call(api.sysNotice.setRead, { id }, { silent: true })
        : call(api.sysMessage.setRead, { id }, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Marks every notice and message of the caller read (the kinds the user may mark). */
export function useMarkAllRead() {
  const can = useCan();
  const invalidate = useInvalidate(noticeKeys.inbox);
  return useMutation({
    mutationFn: async (kinds: readonly ('notice' | 'message')[]) => {
      const jobs: Promise<number>[] = [];
      if (kinds.includes('notice') && can('sysNotice:setAllRead')) jobs.push(call(api.sysNotice.setAllRead, {}));
      if (kinds.includes('message')) jobs.push(call(api.sysMessage.setAllRead, {}));
      return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
    },
    onSuccess: invalidate,
  });
}
