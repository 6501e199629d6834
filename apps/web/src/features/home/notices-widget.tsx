import { RightOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WidgetFrame } from '../../components/widget-frame';
import { type ReceivedNotice, useReceivedNotices, useSetRead } from '../notice/notice.api';
import { NoticeDrawer, type NoticeView } from '../notice/notice-drawer';
import { noticeTypeTag } from '../notice/notice-tags';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

const LATEST = 6;

/** Notices: the newest published notices of the user, unread ones marked; one opens in a drawer and is read. */
export function NoticesWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const notices = useReceivedNotices({ page: 1, pageSize: LATEST }, true);
  const setRead = useSetRead();
  const [viewing, setViewing] = useState<NoticeView | null>(null);

  const open = (n: ReceivedNotice) => {
    setViewing({ title: n.title, content: n.content, type: n.type, meta: [n.publicUserName, n.publicTime] });
    if (n.isRead === 2) setRead.mutate({ kind: 'notice', id: n.id });
  };

  const more = (
    <Button type="link" size="small" onClick={() => navigate('/dashboard/notice')} style={{ paddingInline: 0 }}>
      {t('notices.more')} <RightOutlined />
    </Button>
  );

  return (
    <WidgetFrame title={t('widgets.notices')} extra={controls ?? more} testId="widget-notices">
      <WidgetBody loading={notices.isPending} error={notices.isError} onRetry={() => void notices.refetch()}>
        <List
          size="small"
          split
          dataSource={notices.data?.items ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} /> }}
          renderItem={(n) => (
            <List.Item style={{ paddingInline: 0 }}>
              <button
                type="button"
                className="sw-home-notice"
                onClick={() => open(n)}
                data-testid="home-notice"
                aria-label={n.isRead === 2 ? `${t('notices.unread')}: ${n.title}` : n.title}
              >
                <Badge status={n.isRead === 2 ? 'processing' : 'default'} />
                <span className="sw-home-notice-title" style={{ fontWeight: n.isRead === 2 ? 600 : 400 }}>
                  {n.title}
                </span>
                {noticeTypeTag(n.type)}
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12, flex: 'none', color: token.colorTextTertiary }}
                >
                  {n.publicTime?.slice(0, 10)}
                </Typography.Text>
              </button>
            </List.Item>
          )}
        />
      </WidgetBody>
      <NoticeDrawer view={viewing} onClose={() => setViewing(null)} />
    </WidgetFrame>
  );
}
