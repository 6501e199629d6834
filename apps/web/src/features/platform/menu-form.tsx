import type { TFunction } from 'i18next';
import type { FieldConfig, FieldTreeNode } from '../../components/crud';
import { menuIcon } from '../../components/menu-icons';
import type { MenuNode } from './menu.api';

/** The menu kinds of docs/api-contract.md#the-response-wrapper. */
export const MENU_TYPES = { dir: 1, menu: 2, button: 3 } as const;

/** A menu's title in the UI language (English when no translation). */
export function menuTitle(node: Pick<MenuNode, 'title' | 'titleZhCn' | 'titleZhTw'>, lang: string): string {
  if (lang === 'zh-cn') return node.titleZhCn || node.title;
  if (lang === 'zh-tw') return node.titleZhTw || node.title;
  return node.title;
}

/** The fields every kind has. */
export function commonFields(t: TFunction, parents: FieldTreeNode[]): FieldConfig[] {
  return [
    {
      name: 'type',
      label: t('menu.type'),
      type: 'radio',
      span: 12,
      options: [
        { label: t('menu.kind.1'), value: 1 },
        { label: t('menu.kind.2'), value: 2 },
        { label: t('menu.kind.3'), value: 3 },
      ],
    },
    { name: 'pid', label: t('menu.parent'), type: 'treeSelect', span: 12, treeData: parents, required: true },
    { name: 'title', label: t('menu.titleEn'), required: true, span: 8, maxLength: 64 },
    { name: 'titleZhCn', label: t('menu.titleZhCn'), span: 8, maxLength: 64 },
    { name: 'titleZhTw', label: t('menu.titleZhTw'), span: 8, maxLength: 64 },
  ];
}

/** The fields of one kind: route fields for directories and menus, the permission code for buttons. */
export function kindFields(t: TFunction, type: number | undefined, icon: string | undefined): FieldConfig[] {
  const tail: FieldConfig[] = [
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    {
      name: 'status',
      label: t('common.status'),
      type: 'radio',
      span: 12,
      options: [
        { label: t('crud:enabled'), value: 1 },
        { label: t('crud:disabled'), value: 2 },
      ],
    },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
  ];
  if (type === MENU_TYPES.button)
    return [
      {
        name: 'permission',
        label: t('menu.permission'),
        required: true,
        placeholder: 'sysUser:add',
        extra: t('menu.permissionHint'),
        rules: [{ pattern: /^[A-Za-z][A-Za-z0-9]*:[A-Za-z][A-Za-z0-9]*$/, message: t('menu.permissionRule') }],
      },
      ...tail,
    ];
  const Icon = menuIcon(icon);
  const isMenu = type === MENU_TYPES.menu;
  return [
    {
      name: 'name',
      label: t('menu.routeName'),
      span: 12,
      required: true,
      rules: [{ pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: t('menu.routeNameRule') }],
    },
    {
      name: 'path',
      label: t('menu.path'),
      span: 12,
      required: true,
      placeholder: '/platform/menu',
      rules: [{ pattern: /^\/\S*$/, message: t('menu.pathRule') }],
    },
    {
      name: 'component',
      label: t('menu.component'),
      span: 12,
      required: isMenu,
      placeholder: isMenu ? '/platform/menu/index' : 'Layout',
    },
    { name: 'redirect', label: t('menu.redirect'), span: 12 },
    {
      name: 'icon',
      label: t('menu.icon'),
      span: 12,
      placeholder: 'MenuOutlined',
      extra: Icon ? (
        <span>
          {t('menu.iconPreview')} <Icon />
        </span>
      ) : (
        t('menu.iconHint')
      ),
    },
    { name: 'outLink', label: t('menu.outLink'), span: 12, placeholder: 'https://', extra: t('menu.outLinkHint') },
    { name: 'isHide', label: t('menu.isHide'), type: 'switch', span: 6 },
    { name: 'isKeepAlive', label: t('menu.isKeepAlive'), type: 'switch', span: 6 },
    { name: 'isAffix', label: t('menu.isAffix'), type: 'switch', span: 6 },
    { name: 'isIframe', label: t('menu.isIframe'), type: 'switch', span: 6 },
    ...tail,
  ];
}
