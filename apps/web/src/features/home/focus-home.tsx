import {
  AuditOutlined,
  FileSearchOutlined,
  NotificationOutlined,
  ScanOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenMenus } from '../../app/menu-routes';
import { useCan } from '../../components/crud';
import { dayjs } from '../../lib/i18n/dayjs';
import { useTheme } from '../../lib/theme/theme-store';
import { useMenuTree, useUserInfo } from '../auth/session.api';
import { longDate } from './long-date';
import { MyAppsWidget } from './my-apps-widget';
import { NoticesWidget } from './notices-widget';
import { ProgressingWidget } from './progressing-widget';

/** Pages the focus home offers as large buttons, when the user's menu has them. */
const ACTIONS: { path: string; key: string; icon: ReactNode }[] = [
  { path: '/inventory/scan', key: 'scan', icon: <ScanOutlined /> },
  { path: '/inventory/review', key: 'review', icon: <FileSearchOutlined /> },
  { path: '/inventory/audit', key: 'audit', icon: <AuditOutlined /> },
  { path: '/dashboard/notice', key: 'notices', icon: <NotificationOutlined /> },
  { path: '/overview/live', key: 'live', icon: <VideoCameraOutlined /> },
];

const greeting = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/**
 * The compact home (variant `focus`): a greeting, large buttons to the pages of the day's work, then the user's
 * counting work in progress, their notices and their favourite pages, in one column that suits a phone. Nothing to
 * arrange: the dashboard variant is the one with widgets to place.
 */
export function FocusHome() {
  const { t } = useTranslation('home');
  const { t: tg } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const language = useTheme((s) => s.language);
  const menus = useMenuTree();
  const user = useUserInfo();
  const paths = useMemo(() => new Set(flattenMenus(menus.data ?? []).map((f) => f.node.path)), [menus.data]);
  const actions = ACTIONS.filter((a) => paths.has(a.path));
  const now = dayjs();
  const name = user.data?.realName || user.data?.account || '';
  return (
    <div className="sw-focus-home" data-testid="focus-home">
      <div className="sw-focus-greeting">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {tg(`home.welcome.${greeting(now.hour())}`, { name })}
        </Typography.Title>
        <Typography.Text type="secondary">{longDate(now, language)}</Typography.Text>
      </div>
      {actions.length ? (
        <nav aria-label={t('focus.actions')} className="sw-focus-actions">
          {actions.map((a) => (
            <Button
              key={a.key}
              size="large"
              icon={a.icon}
              onClick={() => navigate(a.path)}
              data-testid={`focus-${a.key}`}
              type={a.key === 'scan' ? 'primary' : 'default'}
            >
              {t(`focus.${a.key}`)}
            </Button>
          ))}
        </nav>
      ) : null}
      <Flex vertical gap={12}>
        {can('sysHome:progressing') ? <ProgressingWidget /> : null}
        {can('sysNotice:pageReceived') ? <NoticesWidget /> : null}
        <MyAppsWidget />
      </Flex>
    </div>
  );
}
