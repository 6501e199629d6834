import { BellOutlined, CheckOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Empty, List, Segmented, Space, Tabs, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import {
  type ReceivedMessage,
  type ReceivedNotice,
  useMarkAllRead,
  useReceivedMessages,
  useReceivedNotices,
  useSetRead,
  useUnread,
} from './notice.api';
import { NoticeDrawer, type NoticeView } from './notice-drawer';
import { useOpenTarget } from './notice-open';
import { noticeTypeTag } from './notice-tags';
import './notice.texts';

type Kind = 'notice' | 'message';
type ReadFilter = 'all' | 'unread' | 'read';
const READ_FILTER: Record<ReadFilter, 1 | 2 | undefined> = { all: undefined, read: 1, unread: 2 };
const PAGE_SIZE = 10;

/** One row of the centre's list: unread ones stand out, the text is previewed on two lines. */
function InboxItem(props: {
  title: string;
  preview: string;
  unread: boolean;
  extra: ReactNode;
  meta: string;
  onOpen: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <List.Item
      onClick={props.onOpen}
      style={{ cursor: 'pointer', paddingInline: 12, borderRadius: token.borderRadius }}
      className="sw-inbox-item"
      data-unread={props.unread}
    >
      <List.Item.Meta
        avatar={<Badge status={props.unread ? 'processing' : 'default'} style={{ marginTop: 6 }} />}
        title={
          <Space size={8} wrap>
            <Typography.Text strong={props.unread} style={{ fontSize: 15 }}>
              {props.title}
            </Typography.Text>
            {props.extra}
          </Space>
        }
        description={
          <>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
              {props.preview}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {props.meta}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

/**
 * The notice centre: the user's notices and messages with an all / unread / read filter, a reading drawer that
 * marks the item read, and mark-all-read. An item the bell picked (`useOpenTarget`) opens when the page shows.
 */
export default function NoticeCentrePage() {
  const { t } = useTranslation('notice');
  const { message } = App.useApp();
  const can = useCan();
  const [tab, setTab] = useState<Kind>(() => useOpenTarget.getState().target?.kind ?? 'notice');
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<NoticeView | null>(null);
  const input = { page, pageSize: PAGE_SIZE, isRead: READ_FILTER[filter] };
  const notices = useReceivedNotices(input, tab === 'notice' && can('sysNotice:pageReceived'));
  const messages = useReceivedMessages(input, tab === 'message');
  const unread = useUnread();
  const setRead = useSetRead();
  const markAll = useMarkAllRead();

  const openNotice = (n: ReceivedNotice) => {
    setViewing({ title: n.title, content: n.content, type: n.type, meta: [n.publicUserName, n.publicTime] });
    if (n.isRead === 2) setRead.mutate({ kind: 'notice', id: n.id });
  };
  const openMessage = (m: ReceivedMessage) => {
    setViewing({
      title: m.title,
      content: m.content,
      meta: [t('centre.from', { name: m.senderName ?? t('centre.system') }), m.createTime],
    });
    if (m.isRead === 2) setRead.mutate({ kind: 'message', id: m.id });
  };

  // an item the bell asked for: shown in its tab with every item listed, opened once its page is loaded
  const target = useOpenTarget((s) => s.target);
  useEffect(() => {
    if (!target) return;
    if (tab !== target.kind || filter !== 'all' || page !== 1) {
      setTab(target.kind);
      setFilter('all');
      setPage(1);
      return;
    }
    const query = target.kind === 'notice' ? notices : messages;
    if (query.isFetching) return;
    useOpenTarget.setState({ target: null });
    if (target.kind === 'notice') {
      const found = notices.data?.items.find((i) => i.id === target.id);
      if (found) openNotice(found);
    } else {
      const found = messages.data?.items.find((i) => i.id === target.id);
      if (found) openMessage(found);
    }
  });

  const current = tab === 'notice' ? notices : messages;
  const counts = { notice: unread.notices?.total ?? 0, message: unread.messages?.total ?? 0 };
  const list =
    tab === 'notice' ? (
      <List
        dataSource={notices.data?.items ?? []}
        loading={notices.isLoading}
        locale={{ emptyText: <Empty description={t('centre.emptyNotices')} /> }}
        renderItem={(n) => (
          <InboxItem
            title={n.title}
            preview={n.content}
            unread={n.isRead === 2}
            extra={noticeTypeTag(n.type)}
            meta={[n.publicUserName, n.publicTime].filter(Boolean).join(' · ')}
            onOpen={() => openNotice(n)}
          />
        )}
        pagination={pagination(notices.data?.total)}
      />
    ) : (
      <List
        dataSource={messages.data?.items ?? []}
        loading={messages.isLoading}
        locale={{ emptyText: <Empty description={t('centre.emptyMessages')} /> }}
        renderItem={(m) => (
          <InboxItem
            title={m.title}
            preview={m.content}
            unread={m.isRead === 2}
            extra={null}
            meta={[t('centre.from', { name: m.senderName ?? t('centre.system') }), m.createTime].join(' · ')}
            onOpen={() => openMessage(m)}
          />
        )}
        pagination={pagination(messages.data?.total)}
      />
    );

  function pagination(total: number | undefined) {
    return total && total > PAGE_SIZE
      ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }
      : undefined;
  }

  const tabLabel = (kind: Kind, icon: ReactNode, label: string) => (
    <Space size={6}>
      {icon}
      {label}
      <Badge count={counts[kind]} size="small" />
    </Space>
  );

  return (
    <div style={{ padding: 12 }}>
      <Card
        title={t('centre.title')}
        extra={
          <Space>
            <Segmented<ReadFilter>
              value={filter}
              onChange={(v) => {
                setFilter(v);
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('centre.all') },
                { value: 'unread', label: t('centre.unread') },
                { value: 'read', label: t('centre.read') },
              ]}
            />
            <Button
              icon={<CheckOutlined />}
              disabled={counts[tab] === 0}
              loading={markAll.isPending}
              onClick={() =>
                markAll.mutate([tab], { onSuccess: () => void message.success(t('centre.markedAllRead')) })
              }
            >
              {t('centre.markAllRead')}
            </Button>
            <Tooltip title={t('refresh', { ns: 'crud' })}>
              <Button
                icon={<ReloadOutlined />}
                aria-label={t('refresh', { ns: 'crud' })}
                onClick={() => void current.refetch()}
              />
            </Tooltip>
          </Space>
        }
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as Kind);
            setPage(1);
          }}
          items={[
            ...(can('sysNotice:pageReceived')
              ? [
                  {
                    key: 'notice',
                    label: tabLabel('notice', <BellOutlined />, t('centre.notices')),
                    children: tab === 'notice' ? list : null,
                  },
                ]
              : []),
            {
              key: 'message',
              label: tabLabel('message', <MailOutlined />, t('centre.messages')),
              children: tab === 'message' ? list : null,
            },
          ]}
        />
      </Card>
      <NoticeDrawer view={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
