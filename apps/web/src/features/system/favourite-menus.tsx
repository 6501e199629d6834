import { DeleteOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import { App, Button, Empty, List, Select, Space, Tooltip, Typography } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenMenus } from '../../app/menu-routes';
import { menuIcon } from '../../components/menu-icons';
import { useMenuTree } from '../auth/session.api';
import { useFavourites, useSetFavourites } from './user.api';

/** The caller's favourite menus: open, remove, and add from the menus the user can open. */
export function FavouriteMenus() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const favourites = useFavourites();
  const setFavourites = useSetFavourites();
  const menus = useMenuTree();
  const [picked, setPicked] = useState<number[]>([]);
  const list = favourites.data ?? [];
  const options = useMemo(() => {
    const taken = new Set((favourites.data ?? []).map((f) => f.menuId));
    return flattenMenus(menus.data ?? [])
      .filter(({ node }) => node.type === 2 && !node.meta.isHide && !taken.has(node.id))
      .map(({ node, parents }) => ({
        value: node.id,
        label: [...parents.map((p) => p.meta.title), node.meta.title].join(' / '),
      }));
  }, [menus.data, favourites.data]);

  const add = () =>
    setFavourites.mutate(
      { add: true, menuIds: picked },
      {
        onSuccess: () => {
          setPicked([]);
          void message.success(t('center.favouriteAdded'));
        },
      },
    );

  return (
    <div style={{ maxWidth: 720 }}>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Select
          mode="multiple"
          allowClear
          value={picked}
          onChange={setPicked}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('center.favouritePick')}
          style={{ flex: 1 }}
          maxTagCount="responsive"
          aria-label={t('center.favouritePick')}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!picked.length}
          loading={setFavourites.isPending}
          onClick={add}
        >
          {t('center.favouriteAdd')}
        </Button>
      </Space.Compact>
      <List
        bordered
        loading={favourites.isPending}
        dataSource={list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('center.favouriteEmpty')} /> }}
        renderItem={(item) => {
          const Icon = menuIcon(item.icon ?? undefined);
          return (
            <List.Item
              actions={[
                <Tooltip key="remove" title={t('center.favouriteRemove')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('center.favouriteRemove')}
                    onClick={() => setFavourites.mutate({ add: false, menuIds: [item.menuId] })}
                  />
                </Tooltip>,
              ]}
            >
              <Space>
                <StarFilled style={{ color: '#faad14' }} />
                {Icon ? createElement(Icon) : null}
                {item.path ? (
                  <Typography.Link onClick={() => navigate(item.path as string)}>{item.title}</Typography.Link>
                ) : (
                  <span>{item.title}</span>
                )}
                {item.path ? <Typography.Text type="secondary">{item.path}</Typography.Text> : null}
              </Space>
            </List.Item>
          );
        }}
      />
    </div>
  );
}
