import { sysMenu } from '@shelfwise/contract';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudTreePage, statusColumn } from '../../components/crud';
import { menuIcon } from '../../components/menu-icons';
import { type MenuNode, menuKeys } from './menu.api';
import { commonFields, kindFields, MENU_TYPES, menuTitle } from './menu-form';
import './platform.texts';

const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/** Menus: the whole tree of directories, menus and buttons, with add/edit dialog and delete of a subtree. */
export default function MenuPage() {
  const { t, i18n } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const lang = i18n.language;

  const columns = (save: (body: Record<string, unknown>) => Promise<unknown>): CrudColumn<MenuNode>[] => [
    {
      key: 'title',
      title: t('menu.title'),
      dataIndex: 'title',
      width: 260,
      exportValue: (r) => menuTitle(r, lang),
      render: (_: string, row) => {
        const Icon = menuIcon(row.icon ?? undefined);
        return (
          <Space size={6}>
            {Icon ? <Icon /> : null}
            <span>{menuTitle(row, lang)}</span>
          </Space>
        );
      },
    },
    {
      key: 'type',
      title: t('menu.type'),
      dataIndex: 'type',
      exportValue: (r) => t(`menu.kind.${r.type}`),
      render: (v: number) => <Tag color={KIND_COLORS[v]}>{t(`menu.kind.${v}`)}</Tag>,
    },
    { key: 'path', title: t('menu.path'), dataIndex: 'path' },
    { key: 'component', title: t('menu.component'), dataIndex: 'component', ellipsis: true },
    {
      key: 'permission',
      title: t('menu.permission'),
      dataIndex: 'permission',
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : null),
    },
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', align: 'right' },
    statusColumn({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysMenu:update',
      onChange: (row, status) => save({ ...toBody(row), id: row.id, status }),
    }),
  ];

  return (
    <CrudTreePage
      service={sysMenu}
      pageKey="platform.menu"
      title={t('menu.pageTitle')}
      columns={columns}
      rowName={(r) => menuTitle(r, lang)}
      canParent={(r) => r.type !== MENU_TYPES.button}
      addChild={{ label: t('menu.addChild'), allowed: (r) => r.type !== MENU_TYPES.button }}
      // a menu is deleted with everything below it (the server removes the subtree and its grants)
      deleteDisabled={() => undefined}
      expandAll={false}
      alsoInvalidates={menuKeys.loginTree}
      form={{
        fields: (parents) => commonFields(t, [{ title: t('menu.topLevel'), value: 0 }, ...parents.slice(1)]),
        more: (v) => kindFields(t, v.type as number | undefined, v.icon as string | undefined),
        addTitle: t('menu.add'),
        editTitle: t('menu.edit'),
        width: 760,
        defaults: (parent) => ({
          type: parent ? (parent.type === MENU_TYPES.dir ? MENU_TYPES.menu : MENU_TYPES.button) : MENU_TYPES.dir,
          pid: parent?.id ?? 0,
          orderNo: 100,
          status: 1,
          isKeepAlive: true,
          isHide: false,
          isAffix: false,
          isIframe: false,
        }),
        toInput: (v) => ({ ...v, orderNo: v.orderNo ?? 100 }),
      }}
      exportName="menus"
      testId="menu"
    />
  );
}

/** The update body of an existing row (used by the status switch). */
function toBody(row: MenuNode) {
  const { children: _c, createTime: _a, updateTime: _b, createUserId: _d, updateUserId: _e, ...rest } = row;
  return { ...rest, type: rest.type as 1 | 2 | 3 };
}
