import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { create } from 'zustand';

/** A notice as the bell lists it. */
export interface BellItem {
  id: number;
  title: string;
  time: string;
  /** Opens the item (e.g. in the notice centre). */
  onOpen?: () => void;
}

interface NotificationState {
  unread: number;
  items: BellItem[];
  markAllRead: () => void;
}

/**
 * What the bell shows. Empty until the notices feature installs its source (unread count, latest items,
 * mark-all-read) with `useNotifications.setState`.
 */
export const useNotifications = create<NotificationState>(() => ({ unread: 0, items: [], markAllRead: () => {} }));

/** Notification bell with unread count, mark-all-read and a link to the notice centre. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unread, items, markAllRead } = useNotifications();
  const [open, setOpen] = useState(false);
  const go = (action: () => void) => {
    setOpen(false);
    action();
  };
  const content = (
    <div style={{ width: 300 }}>
      {items.length ? (
        <List
          size="small"
          dataSource={items}
          renderItem={({ title, time, onOpen }) => (
            <List.Item
              onClick={onOpen ? () => go(onOpen) : undefined}
              style={onOpen ? { cursor: 'pointer' } : undefined}
            >
              <List.Item.Meta title={title} description={time} />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noNotifications')} />
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="small" type="link" disabled={!unread} onClick={markAllRead}>
          {t('layout.markAllRead')}
        </Button>
        <Button size="small" type="link" onClick={() => go(() => navigate('/dashboard/notice'))}>
          {t('layout.noticeCentre')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={<Typography.Text strong>{t('layout.notifications')}</Typography.Text>}
      content={content}
    >
      <Button
        type="text"
        aria-label={t('layout.notifications')}
        icon={
          <Badge count={unread} size="small">
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
