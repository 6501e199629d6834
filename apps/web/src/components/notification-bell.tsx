import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from './notifications-store';

/** The bell's list, loaded when the bell is first opened (the header shows without it). */
const NotificationList = lazy(() => import('./notification-list'));

/** Notification bell with unread count, mark-all-read and a link to the notice centre. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useNotifications((s) => s.unread);
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      destroyOnHidden
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={<Typography.Text strong>{t('layout.notifications')}</Typography.Text>}
      content={
        <Suspense fallback={<div style={{ width: 300, height: 80 }} />}>
          <NotificationList close={() => setOpen(false)} />
        </Suspense>
      }
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
