import { AppstoreOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popover, Select, Space, Typography, theme } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenMenu } from '../../app/layout/side-menu';
import { flattenMenus } from '../../app/menu-routes';
import { menuIcon } from '../../components/menu-icons';
import { WidgetFrame } from '../../components/widget-frame';
import { useMenuTree } from '../auth/session.api';
import { useFavourites, useSetFavourites } from '../system/user.api';
import { useAccent } from './accent';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

/** Picks menus the user can open and adds them to their favourites. */
function AddFavourites({ taken, onDone }: { taken: Set<number>; onDone: () => void }) {
  const { t } = useTranslation('home');
  const { message } = App.useApp();
  const menus = useMenuTree();
  const setFavourites = useSetFavourites();
  const [picked, setPicked] = useState<number[]>([]);
  const options = useMemo(
    () =>
      flattenMenus(menus.data ?? [])
        .filter(({ node }) => node.type === 2 && !node.meta.isHide && !taken.has(node.id))
        .map(({ node, parents }) => ({
          value: node.id,
          label: [...parents.map((p) => p.meta.title), node.meta.title].join(' / '),
        })),
    [menus.data, taken],
  );
  return (
    <Space.Compact style={{ width: 'min(360px, 80vw)' }}>
      <Select
        mode="multiple"
        autoFocus
        value={picked}
        onChange={setPicked}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('myApps.pick')}
        aria-label={t('myApps.pick')}
        maxTagCount="responsive"
        style={{ flex: 1, minWidth: 0 }}
        data-testid="my-apps-pick"
      />
      <Button
        type="primary"
        disabled={!picked.length}
        loading={setFavourites.isPending}
        data-testid="my-apps-add-confirm"
        onClick={() =>
          setFavourites.mutate(
            { add: true, menuIds: picked },
            {
              onSuccess: () => {
                setPicked([]);
                void message.success(t('myApps.added'));
                onDone();
              },
            },
          )
        }
      >
        {t('myApps.addButton')}
      </Button>
    </Space.Compact>
  );
}

/** My apps: the user's favourite menus as tiles that open the page; add from the menus, remove one by one. */
export function MyAppsWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const accent = useAccent();
  const favourites = useFavourites();
  const setFavourites = useSetFavourites();
  const openMenu = useOpenMenu();
  const [adding, setAdding] = useState(false);
  const list = favourites.data ?? [];
  const taken = useMemo(() => new Set((favourites.data ?? []).map((f) => f.menuId)), [favourites.data]);

  const add = (
    <Popover
      open={adding}
      onOpenChange={setAdding}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      title={t('myApps.add')}
      content={<AddFavourites taken={taken} onDone={() => setAdding(false)} />}
    >
      <Button
        type="text"
        size="small"
        icon={<PlusOutlined />}
        aria-label={t('myApps.add')}
        title={t('myApps.add')}
        data-testid="my-apps-add"
      />
    </Popover>
  );

  return (
    <WidgetFrame title={t('widgets.myApps')} extra={controls ?? add} testId="widget-myApps">
      <WidgetBody loading={favourites.isPending} error={favourites.isError} onRetry={() => void favourites.refetch()}>
        {list.length ? (
          <div className="sw-home-apps">
            {list.map((f) => {
              const Icon = menuIcon(f.icon ?? undefined) ?? AppstoreOutlined;
              return (
                <div key={f.menuId} className="sw-home-app">
                  <button
                    type="button"
                    className="sw-home-app-open"
                    onClick={() => f.path && openMenu(f.path)}
                    disabled={!f.path}
                    data-testid="my-app"
                  >
                    <span className="sw-home-app-icon" style={{ color: accent, background: token.colorFillTertiary }}>
                      {createElement(Icon)}
                    </span>
                    <span className="sw-home-app-title" title={f.title}>
                      {f.title}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="sw-home-app-remove"
                    aria-label={t('myApps.remove', { name: f.title })}
                    title={t('myApps.remove', { name: f.title })}
                    onClick={() => setFavourites.mutate({ add: false, menuIds: [f.menuId] })}
                  >
                    <CloseOutlined />
                  </button>
                </div>
              );
            })}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myApps.empty')}>
            <Typography.Text type="secondary">{t('myApps.emptyHint')}</Typography.Text>
          </Empty>
        )}
      </WidgetBody>
    </WidgetFrame>
  );
}
