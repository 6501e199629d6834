import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, setStatusBody, zId, zStatus, zYesNo } from '../common';
import { service } from '../endpoint';
import { TAG_TYPES } from '../enum-types';

/** A dictionary type. */
export const dictTypeEntity = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  status: z.number(),
  sysFlag: z.number(),
  isTenant: z.number(),
  ...auditFields,
});

/** A dictionary value. */
export const dictDataEntity = z.object({
  id: z.number(),
  dictTypeId: z.number(),
  typeCode: z.string(),
  value: z.string(),
  label: z.string(),
  code: z.string().nullable(),
  tagType: z.enum(TAG_TYPES),
  styleSetting: z.string().nullable(),
  classSetting: z.string().nullable(),
  orderNo: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  extData: z.string().nullable(),
  ...auditFields,
});

/** A value as `allDictList` and `dataList` send it. */
export const dictValue = dictDataEntity.pick({
  typeCode: true,
  value: true,
  label: true,
  code: true,
  tagType: true,
  styleSetting: true,
  classSetting: true,
  orderNo: true,
  status: true,
  remark: true,
  extData: true,
});

const typeFields = {
  name: z.string().min(1).max(64),
  code: z
    .string()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  remark: z.string().max(256).nullish(),
  status: zStatus.default(1),
  isTenant: zYesNo.default(1),
};

const dataFields = {
  dictTypeId: zId,
  value: z.string().min(1).max(128),
  label: z.string().min(1).max(128),
  code: z.string().max(64).nullish(),
  tagType: z.enum(TAG_TYPES).default('primary'),
  styleSetting: z.string().max(512).nullish(),
  classSetting: z.string().max(256).nullish(),
  orderNo: z.number().int().min(0).max(1_000_000).default(100),
  status: zStatus.default(1),
  remark: z.string().max(256).nullish(),
  extData: z.string().max(4000).nullish(),
};

/** Dictionary types (`sysDictType`). */
export const sysDictType = service('sysDictType', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysDictType:page',
    input: pageInputWith(['name', 'code', 'orderNo', 'createTime']).extend({
      name: z.string().max(64).optional(),
      code: z.string().max(64).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(dictTypeEntity),
    summary: 'Page of dictionary types',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysDictType:list',
    input: z.object({}),
    output: z.array(dictTypeEntity),
    summary: 'All dictionary types visible to the tenant',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysDictType:detail',
    input: idQuery.extend({ status: z.coerce.number().int().optional() }),
    output: dictTypeEntity,
    summary: 'One dictionary type',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysDictType:add',
    input: z.object(typeFields),
    output: z.number(),
    summary: 'Add a dictionary type (codes ending in Enum are reserved)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysDictType:update',
    input: z.object({ id: zId, ...typeFields }),
    output: z.null(),
    summary: 'Update a dictionary type',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysDictType:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a dictionary type and its values',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'sysDictType:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a dictionary type',
  },
  allDictList: {
    action: 'allDictList',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({}),
    output: z.record(z.string(), z.array(dictValue)),
    summary: 'Every enabled dictionary with its enabled values, by type code',
  },
  dataList: {
    action: 'dataList',
    method: 'GET',
    permission: 'authenticated',
    input: z.object({ code: z.string().min(1).max(64) }),
    output: z.array(dictValue),
    summary: 'The enabled values of one dictionary type',
  },
});

/** Dictionary values (`sysDictData`). */
export const sysDictData = service('sysDictData', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'sysDictData:page',
    input: pageInputWith(['value', 'label', 'orderNo', 'createTime']).extend({
      dictTypeId: zId.optional(),
      typeCode: z.string().max(64).optional(),
      label: z.string().max(128).optional(),
      value: z.string().max(128).optional(),
      status: zStatus.optional(),
    }),
    output: pageOf(dictDataEntity),
    summary: 'Page of dictionary values',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'sysDictData:list',
    input: z.object({ dictTypeId: zId }),
    output: z.array(dictDataEntity),
    summary: 'All values of a dictionary type',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'sysDictData:detail',
    input: idQuery,
    output: dictDataEntity,
    summary: 'One dictionary value',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'sysDictData:add',
    input: z.object(dataFields),
    output: z.number(),
    summary: 'Add a value (numeric for Enum types, unique in its type)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'sysDictData:update',
    input: z.object({ id: zId, ...dataFields }),
    output: z.null(),
    summary: 'Update a value',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'sysDictData:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a value',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'sysDictData:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a value',
  },
});
