import { CloseOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tabs } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuIcon } from '../../components/menu-icons';
import { useTheme } from '../../lib/theme/theme-store';
import { type Tab, useTabs } from './tabs-store';

/** The class of each tab style of the settings (card, line, rounded), styled in layout.css. */
const STYLE_CLASS = {
  'tags-style-one': 'sw-tabs-card',
  'tags-style-four': 'sw-tabs-line',
  'tags-style-five': 'sw-tabs-round',
} as const;

/** The icon of a tab's menu, when tab icons are on. */
function TabIcon({ name }: { name: string }) {
  const Icon = menuIcon(name);
  return Icon ? <span style={{ marginInlineEnd: 6 }}>{createElement(Icon)}</span> : null;
}

/** The tabs of opened pages with refresh, close, close others, close all and full screen. */
export function TabsBar({ activeKey, onFullscreen }: { activeKey: string; onFullscreen: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, close, closeOthers, closeAll, refresh } = useTabs();
  const tagsStyle = useTheme((s) => s.tagsStyle);
  const withIcons = useTheme((s) => s.isTagsviewIcon);

  const closeTab = (key: string) => {
    const next = close(key);
    if (key === activeKey && next) navigate(next);
  };
  const menuFor = (tab: Tab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh'), icon: <ReloadOutlined /> },
      { key: 'close', label: t('tabs.close'), icon: <CloseOutlined />, disabled: tab.affix },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
      { type: 'divider' },
      { key: 'fullscreen', label: t('tabs.fullscreen'), icon: <FullscreenOutlined /> },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(tab.key);
      if (key === 'close') closeTab(tab.key);
      if (key === 'closeOthers') {
        closeOthers(tab.key);
        if (tab.key !== activeKey) navigate(tab.key);
      }
      if (key === 'closeAll') {
        closeAll();
        navigate(useTabs.getState().tabs[0]?.key ?? '/dashboard/home');
      }
      if (key === 'fullscreen') {
        if (tab.key !== activeKey) navigate(tab.key);
        onFullscreen();
      }
    },
  });

  const active = tabs.find((x) => x.key === activeKey) ?? tabs[0];
  return (
    <Tabs
      type="editable-card"
      className={`sw-tabs ${STYLE_CLASS[tagsStyle] ?? 'sw-tabs-card'}`}
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && closeTab(key)}
      tabBarStyle={{ margin: 0 }}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: !tab.affix,
        label: (
          <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
            <span data-tab={tab.key}>
              {withIcons && tab.icon ? <TabIcon name={tab.icon} /> : null}
              {tab.title}
            </span>
          </Dropdown>
        ),
      }))}
      tabBarExtraContent={{
        right: active ? (
          <Dropdown menu={menuFor(active)} trigger={['click']}>
            <button
              type="button"
              aria-label={t('tabs.refresh')}
              style={{ border: 0, background: 'none', cursor: 'pointer', padding: '0 12px', color: 'inherit' }}
            >
              <ReloadOutlined />
            </button>
          </Dropdown>
        ) : null,
      }}
    />
  );
}
