import './system.texts';

export { EnumTag, useEnumLabel, useEnumOptions } from './enum-tag';
export { type GrantTreeNode, MenuGrantDrawer } from './menu-grant-drawer';
export { type OneTimeSecret, OneTimeSecretModal } from './one-time-secret';
export { orgTreeData, useOrgTree } from './org.api';
export { usePosList } from './pos.api';
export { useRoleList } from './role.api';
export { requiredChoice } from './status';
