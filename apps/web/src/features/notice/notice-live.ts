import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Socket } from 'socket.io-client';
import { type BellItem, useNotifications } from '../../components/notifications-store';
import { tokens } from '../../lib/auth/tokens';
import { noticeKeys, useMarkAllRead, useUnread } from './notice.api';
import { type OpenTarget, useOpenTarget } from './notice-open';
import './notice.texts';

/** Retry after a refused or lost connection (the access token may have been renewed meanwhile). */
const RETRY_MS = 15_000;
/** How many items the bell lists. */
const BELL_ITEMS = 8;

type NoticeEvent = { action: 'publish' | 'cancel'; id: number; title: string };
type MessageEvent = { id: number; title: string; senderName: string | null };

/**
 * The live side of notices after sign-in: one Socket.IO connection with the access token. New notices and
 * messages refresh the bell and the notice centre and pop up a note; `forceOffline` (an administrator, or single
 * sign-in elsewhere) clears the stored sign-in and goes to /login with a translated message.
 */
export function useNoticeLive() {
  const { t } = useTranslation('notice');
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();

  useEffect(() => {
    if (!tokens.access()) return;
    let socket: Socket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const wire = (socket: Socket) => {
      const refresh = () => void qc.invalidateQueries({ queryKey: noticeKeys.inbox });
      socket.on('notice', (e: NoticeEvent) => {
        refresh();
        if (e.action === 'publish')
          notification.info({ title: t('live.newNotice', { title: e.title }), placement: 'bottomRight' });
      });
      socket.on('message', (e: MessageEvent) => {
        refresh();
        notification.info({
          title: t('live.newMessage', { name: e.senderName ?? t('centre.system'), title: e.title }),
          placement: 'bottomRight',
        });
      });
      socket.on('forceOffline', ({ reason }: { reason: string }) => {
        socket.close();
        tokens.clear();
        void qc.cancelQueries();
        qc.clear();
        notification.destroy();
        void message.warning(t(reason === 'singleLogin' ? 'live.singleLogin' : 'live.forcedOffline'), 10);
        navigate('/login', { replace: true });
      });
      socket.on('connect', refresh);
      socket.on('connect_error', () => {
        // a refused handshake is not retried by the client itself
        clearTimeout(retry);
        retry = setTimeout(() => tokens.access() && socket.connect(), RETRY_MS);
      });
    };
    // the client library is loaded after the layout shows (it is not needed to draw it)
    import('socket.io-client').then(
      ({ io }) => {
        if (stopped) return;
        socket = io({ path: '/socket.io', auth: (cb) => cb({ token: tokens.access() }) });
        wire(socket);
      },
      () => {
        // without a network the page still works, only not live
      },
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [qc, t, notification, message, navigate]);

  useBellSource();
}

/** Fills the bell: unread notices and messages, the newest first, mark-all-read, each item opening the centre. */
function useBellSource() {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const { notices, messages } = useUnread();
  const markAll = useMarkAllRead();
  const { mutate } = markAll;
  const openInCentre = useCallback(
    (target: OpenTarget) => {
      useOpenTarget.setState({ target });
      navigate('/dashboard/notice');
    },
    [navigate],
  );

  useEffect(() => {
    const items: (BellItem & { at: string })[] = [
      ...(notices?.items ?? []).map((n) => ({
        id: n.id,
        title: n.title,
        at: n.publicTime ?? '',
        time: `${t('bell.notice')} · ${n.publicTime ?? ''}`,
        onOpen: () => openInCentre({ kind: 'notice', id: n.id }),
      })),
      ...(messages?.items ?? []).map((m) => ({
        id: m.id,
        title: m.title,
        at: m.createTime ?? '',
        time: `${t('bell.message')} · ${m.senderName ?? t('centre.system')} · ${m.createTime ?? ''}`,
        onOpen: () => openInCentre({ kind: 'message', id: m.id }),
      })),
    ];
    items.sort((a, b) => b.at.localeCompare(a.at));
    useNotifications.setState({
      unread: (notices?.total ?? 0) + (messages?.total ?? 0),
      items: items.slice(0, BELL_ITEMS).map(({ at: _at, ...item }) => item),
      markAllRead: () => mutate(['notice', 'message']),
    });
  }, [notices, messages, mutate, openInCentre, t]);

  useEffect(() => () => useNotifications.setState({ unread: 0, items: [], markAllRead: () => {} }), []);
}
