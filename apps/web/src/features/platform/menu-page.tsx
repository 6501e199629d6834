import { PlusOutlined } from '@ant-design/icons';
import { sysMenu } from '@shelfwise/contract';
import { Button, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudTable, EditDialog, RowActions, statusColumn } from '../../components/crud';
import { menuIcon } from '../../components/menu-icons';
import { type MenuNode, useDeleteMenu, useMenuTreeAdmin, useSaveMenu } from './menu.api';
import { commonFields, kindFields, MENU_TYPES, menuTitle, parentTree } from './menu-form';
import './platform.texts';

type Editing = { row?: MenuNode; pid?: number; type?: number } | null;
const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/** Menus: the whole tree of directories, menus and buttons, with add/edit dialog and delete of a subtree. */
export default function MenuPage() {
  const { t, i18n } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const lang = i18n.language;
  const tree = useMenuTreeAdmin();
  const save = useSaveMenu();
  const remove = useDeleteMenu();
  const [editing, setEditing] = useState<Editing>(null);
  const nodes = tree.data ?? [];

  const columns: CrudColumn<MenuNode>[] = [
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
      onChange: (row, status) => save.mutate({ ...toBody(row), id: row.id, status }),
    }),
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowActions
          name={menuTitle(row, lang)}
          onEdit={() => setEditing({ row })}
          editCode="sysMenu:update"
          onDelete={() => remove.mutateAsync(row.id)}
          deleteCode="sysMenu:delete"
        >
          {row.type !== MENU_TYPES.button ? (
            <Auth code="sysMenu:add">
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ pid: row.id, type: row.type === MENU_TYPES.dir ? 2 : 3 })}
              >
                {t('menu.addChild')}
              </Button>
            </Auth>
          ) : null}
        </RowActions>
      ),
    },
  ];

  const parents = useMemo(() => parentTree(nodes, lang, editing?.row?.id, t), [nodes, lang, editing, t]);
  const initialValues = useMemo(
    () =>
      editing?.row ?? {
        type: editing?.type ?? MENU_TYPES.dir,
        pid: editing?.pid ?? 0,
        orderNo: 100,
        status: 1,
        isKeepAlive: true,
        isHide: false,
        isAffix: false,
        isIframe: false,
      },
    [editing],
  );

  return (
    <div style={{ padding: 12 }}>
      <CrudTable<MenuNode>
        pageKey="platform.menu"
        title={t('menu.pageTitle')}
        columns={columns}
        rows={nodes}
        loading={tree.isFetching}
        onRefresh={() => void tree.refetch()}
        onAdd={() => setEditing({})}
        addCode="sysMenu:add"
        exportName="menus"
        tableProps={{ rowKey: 'id', expandable: { indentSize: 20 } }}
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        width={760}
        title={editing?.row ? t('menu.edit') : t('menu.add')}
        fields={commonFields(t, parents)}
        initialValues={initialValues}
        schema={editing?.row ? sysMenu.update.input : sysMenu.add.input}
        toInput={(v) => ({ ...v, id: editing?.row?.id, orderNo: v.orderNo ?? 100, pid: v.pid ?? 0 })}
        onSubmit={(body) => save.mutateAsync(body as Parameters<typeof save.mutateAsync>[0])}
        onClose={() => setEditing(null)}
        testId="menu-dialog"
      >
        {(values) => kindFields(t, values.type as number | undefined, values.icon as string | undefined)}
      </EditDialog>
    </div>
  );
}

/** The update body of an existing row (used by the status switch). */
function toBody(row: MenuNode) {
  const { children: _c, createTime: _a, updateTime: _b, createUserId: _d, updateUserId: _e, ...rest } = row;
  return { ...rest, type: rest.type as 1 | 2 | 3 };
}
