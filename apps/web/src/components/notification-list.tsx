import { Button, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotifications } from './notifications-store';

/** The bell's panel: the latest notices, mark-all-read and a link to the notice centre. */
export default function NotificationList({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unread, items, markAllRead } = useNotifications();
  const go = (action: () => void) => {
    close();
    action();
  };
  return (
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
}
