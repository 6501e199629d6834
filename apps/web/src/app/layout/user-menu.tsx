import { ClearOutlined, HomeOutlined, LogoutOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Modal, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, useUserInfo } from '../../features/auth/session.api';
import { useAuthImage } from '../../lib/api/use-auth-image';
import { local, session } from '../../lib/auth/storage';
import { useNarrow } from '../../lib/layout/narrow';
import { useTheme } from '../../lib/theme/theme-store';
import { useBarColors } from './chrome-colors';

/** The user dropdown: home, personal centre, clear cache, 401, sign out (docs/web-shell.md#the-chrome). */
export function UserMenu() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  // the app's client, from its provider (importing app.tsx here would make a cycle: the app renders this menu)
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const narrow = useNarrow();
  // the avatar is served behind the bearer token
  const avatar = useAuthImage(user?.avatar);
  const { top } = useBarColors();
  const isDark = useTheme((s) => s.isDark);
  // on a bar in the primary colour the avatar needs its own fill to stay visible
  const avatarBg = top.dark && !isDark ? 'rgba(255,255,255,0.22)' : token.colorPrimary;
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
        <Avatar size="small" src={avatar} style={{ background: avatarBg }}>
          {(user?.realName || user?.account || '?').slice(0, 1).toUpperCase()}
        </Avatar>
        {/* on a phone the avatar alone: the name would push the top bar past the screen's edge */}
        {narrow ? null : <span>{user?.realName || user?.account}</span>}
      </Button>
    </Dropdown>
  );
}
