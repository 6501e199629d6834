import {
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Space, theme } from 'antd';
import { createElement, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { menuIcon } from '../../components/menu-icons';
import { NotificationBell } from '../../components/notification-bell';
import { useMobileMenu, useNarrow } from '../../lib/layout/narrow';
import { type ComponentSize, useTheme } from '../../lib/theme/theme-store';
import { BarTheme } from './bar-theme';
import { useBarColors } from './chrome-colors';
import { useLock } from './lock-state';
import { useSettingsDrawer } from './settings-open';
import { useRouteMenu } from './use-route-menu';
import { UserMenu } from './user-menu';
import './settings.texts';

/** The menu search (an antd AutoComplete) arrives after the bar: the bar keeps its place meanwhile. */
const MenuSearch = lazy(() => import('./menu-search').then((m) => ({ default: m.MenuSearch })));

/** The trail of directories down to the current page (when the breadcrumb setting is on). */
export function Crumbs() {
  const { current } = useRouteMenu();
  const isBreadcrumb = useTheme((s) => s.isBreadcrumb);
  const narrow = useNarrow();
  if (!isBreadcrumb || !current || narrow) return null;
  const items = [...current.parents, current.node].map((n) => {
    const Icon = menuIcon(n.meta.icon);
    return {
      title: (
        <span style={{ whiteSpace: 'nowrap' }}>
          {Icon ? <span style={{ marginInlineEnd: 6 }}>{createElement(Icon)}</span> : null}
          {n.meta.title}
        </span>
      ),
    };
  });
  return <Breadcrumb items={items} style={{ minWidth: 0, overflow: 'hidden' }} />;
}

/** The button that folds and unfolds the side menu. */
export function CollapseButton() {
  const { t } = useTranslation();
  const { isCollapse, set } = useTheme();
  const narrow = useNarrow();
  const mobile = useMobileMenu();
  if (narrow) {
    return (
      <Button
        type="text"
        data-testid="mobile-menu-button"
        icon={<MenuUnfoldOutlined />}
        aria-label={t('layout.expand')}
        onClick={() => mobile.setOpen(true)}
      />
    );
  }
  return (
    <Button
      type="text"
      icon={isCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      aria-label={isCollapse ? t('layout.expand') : t('layout.collapse')}
      onClick={() => set({ isCollapse: !isCollapse })}
    />
  );
}

/** Menu search, language, size, bell, full screen, lock, settings and the user menu. */
function Tools() {
  const { t } = useTranslation();
  const { globalComponentSize, set } = useTheme();
  const setLocked = useLock((s) => s.setLocked);
  const openSettings = useSettingsDrawer((s) => s.setOpen);
  const [full, setFull] = useState(false);
  const narrow = useNarrow();
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return (
    <Space size={4} style={{ flex: 'none' }}>
      {narrow ? null : (
        <Suspense fallback={<span style={{ display: 'inline-block', width: 180 }} />}>
          <MenuSearch />
        </Suspense>
      )}
      <LanguageSwitch />
      {narrow ? null : (
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
      )}
      <NotificationBell />
      {narrow ? null : (
        <Button
          type="text"
          aria-label={full ? t('layout.exitFullscreen') : t('layout.fullscreen')}
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={() => (full ? document.exitFullscreen() : document.documentElement.requestFullscreen())}
        />
      )}
      {narrow ? null : (
        <Button
          type="text"
          icon={<LockOutlined />}
          aria-label={t('layout.lockScreen')}
          onClick={() => setLocked(true)}
        />
      )}
      <Button
        type="text"
        icon={<SettingOutlined />}
        aria-label={t('open', { ns: 'settings' })}
        title={t('open', { ns: 'settings' })}
        onClick={() => openSettings(true)}
      />
      <UserMenu />
    </Space>
  );
}

/**
 * The top bar in the top-bar colour: an optional brand (logo and title), then the collapse button and breadcrumb
 * (or what `start` replaces them with, e.g. the horizontal menu), then the tools.
 */
export function HeaderBar({ brand, start }: { brand?: ReactNode; start?: ReactNode }) {
  const { token } = theme.useToken();
  const { top } = useBarColors();
  return (
    <BarTheme colors={top}>
      <header
        style={{
          height: 50,
          flex: 'none',
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          paddingInlineEnd: 12,
          paddingInlineStart: brand ? 0 : 12,
          background: top.bg,
          color: top.text,
          borderBottom: `1px solid ${top.dark ? 'transparent' : token.colorBorderSecondary}`,
          boxSizing: 'border-box',
          position: 'relative',
          zIndex: 2,
        }}
      >
        {brand}
        {start ?? (
          <>
            <CollapseButton />
            <Crumbs />
          </>
        )}
        <div style={{ flex: start ? 'none' : 1 }} />
        <Tools />
      </header>
    </BarTheme>
  );
}
