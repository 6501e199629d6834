import {
  ClearOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  StopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { AutoComplete, Avatar, Breadcrumb, Button, Dropdown, Input, Modal, Space, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { NotificationBell } from '../../components/notification-bell';
import { logout, useUserInfo } from '../../features/auth/session.api';
import { local, session } from '../../lib/auth/storage';
import { type ComponentSize, useTheme } from '../../lib/theme/theme-store';
import { queryClient } from '../app';
import { useOpenMenu } from './side-menu';
import { useRouteMenu } from './use-route-menu';

function MenuSearch() {
  const { t } = useTranslation();
  const { flat } = useRouteMenu();
  const open = useOpenMenu();
  const [text, setText] = useState('');
  const options = useMemo(() => {
    const q = text.trim().toLowerCase();
    return flat
      .filter((f) => f.node.type === 2 && !f.node.meta.isHide)
      .filter((f) => !q || f.node.meta.title.toLowerCase().includes(q) || f.node.path.toLowerCase().includes(q))
      .slice(0, 12)
      .map((f) => ({
        value: f.node.path,
        label: [...f.parents.map((p) => p.meta.title), f.node.meta.title].join(' / '),
      }));
  }, [flat, text]);
  return (
    <AutoComplete
      options={options}
      value={text}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        open(path);
      }}
      style={{ width: 200 }}
      notFoundContent={text ? t('layout.noMatch') : undefined}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('layout.menuSearch')}
        aria-label={t('layout.menuSearch')}
        allowClear
      />
    </AutoComplete>
  );
}

/** The top bar: collapse, breadcrumb, menu search, language, size, bell, full screen, lock, the user menu. */
export function HeaderBar({ onLock }: { onLock: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { current } = useRouteMenu();
  const { data: user } = useUserInfo();
  const { isCollapse, isBreadcrumb, globalComponentSize, set } = useTheme();
  const [full, setFull] = useState(false);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);

  const crumbs = current ? [...current.parents, current.node].map((n) => ({ title: n.meta.title })) : [];
  const signOut = () =>
    Modal.confirm({
      title: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });

  return (
    <div style={{ display: 'flex', alignItems: 'center', height: '100%', gap: 8 }}>
      <Button
        type="text"
        icon={isCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={isCollapse ? t('layout.expand') : t('layout.collapse')}
        onClick={() => set({ isCollapse: !isCollapse })}
      />
      {isBreadcrumb && crumbs.length ? <Breadcrumb items={crumbs} /> : null}
      <div style={{ flex: 1 }} />
      <Space size={4}>
        <MenuSearch />
        <LanguageSwitch />
        <Dropdown
          menu={{
            selectable: true,
            selectedKeys: [globalComponentSize],
            items: [
              { key: 'large', label: t('layout.sizeLarge') },
              { key: 'middle', label: t('layout.sizeDefault') },
              { key: 'small', label: t('layout.sizeSmall') },
            ],
            onClick: ({ key }) => set({ globalComponentSize: key as ComponentSize }),
          }}
        >
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('layout.componentSize')} />
        </Dropdown>
        <NotificationBell />
        <Button
          type="text"
          aria-label={full ? t('layout.exitFullscreen') : t('layout.fullscreen')}
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={() => (full ? document.exitFullscreen() : document.documentElement.requestFullscreen())}
        />
        <Button type="text" icon={<LockOutlined />} aria-label={t('layout.lockScreen')} onClick={onLock} />
        <Dropdown
          menu={{
            items: [
              { key: 'home', label: t('layout.home'), icon: <HomeOutlined /> },
              { key: 'center', label: t('layout.userCenter'), icon: <UserOutlined /> },
              { key: 'cache', label: t('layout.clearCache'), icon: <ClearOutlined /> },
              { key: '401', label: t('layout.noPermissionPage'), icon: <StopOutlined /> },
              { type: 'divider' },
              { key: 'logout', label: t('layout.logout'), icon: <LogoutOutlined />, danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'home') navigate('/dashboard/home');
              if (key === 'center') navigate('/system/userCenter');
              if (key === '401') navigate('/401');
              if (key === 'logout') signOut();
              if (key === 'cache') {
                // settings and tabs are kept; cached server data and session state are dropped
                session.clear();
                local.remove('tabs');
                queryClient.clear();
                location.reload();
              }
            },
          }}
        >
          <Button type="text" style={{ paddingInline: 8 }} data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} style={{ background: token.colorPrimary }}>
              {(user?.realName || user?.account || '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <span>{user?.realName || user?.account}</span>
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
