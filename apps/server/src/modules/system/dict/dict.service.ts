import { ALL_ENUMS, type InputOf, type Locale, type sysDictData, type sysDictType, YesNo } from '@shelfwise/contract';
import type { Updateable } from 'kysely';
import { audited, type TenantDatabase, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { dictLabel, keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { ABNORMAL_CAUSES } from '../seed';
import { dictRepo } from './dict.repo';
import { createSharedDictRepo } from './dict-shared.repo';

/** Translations of dictionary labels by `typeCode_value` (docs/web-shell.md#start-up-and-settings), from the shared enums and seeded lists. */
const LABELS = new Map<string, Record<Locale, string>>();
for (const def of ALL_ENUMS) for (const m of def.members) LABELS.set(`${def.code}_${m.value}`, m.label);
for (const [i, label] of ABNORMAL_CAUSES.entries()) LABELS.set(`AbnormalCause_${i + 1}`, label);

/** A seeded label sent back unchanged in the reader's language keeps its English text (and its translations). */
function keptLabel(typeCode: string, row: { value: string; label: string }, input: { value: string; label: string }) {
  const seeded = LABELS.get(`${typeCode}_${row.value}`);
  const unchanged = seeded && seeded.en === row.label && input.value === row.value;
  return unchanged && Object.values(seeded).includes(input.label) ? row.label : input.label;
}

const isEnumCode = (code: string) => code.endsWith('Enum');

type TypeRow = TenantDatabase['sys_dict_type'];
type DataRow = TenantDatabase['sys_dict_data'] & { type_code: string };

function typeDto(row: TypeRow, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    name: seedText('dictType', row.name, locale),
    code: row.code,
    orderNo: row.order_no,
    remark: row.remark,
    status: row.status,
    sysFlag: row.sys_flag,
    isTenant: row.is_tenant,
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

function dataDto(row: DataRow, time: TimeFormatter, locale: Locale) {
  return {
    id: row.id,
    dictTypeId: row.dict_type_id,
    typeCode: row.type_code,
    value: row.value,
    label: dictLabel(LABELS, row.type_code, row.value, row.label, locale),
    code: row.code,
    tagType: row.tag_type as 'primary',
    styleSetting: row.style_setting,
    classSetting: row.class_setting,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    extData: row.ext_data,
    createTime: time(row.created_at),
    updateTime: time(row.updated_at),
    createUserId: row.created_by,
    updateUserId: row.updated_by,
  };
}

function valueDto(row: DataRow, locale: Locale) {
  return {
    typeCode: row.type_code,
    value: row.value,
    label: dictLabel(LABELS, row.type_code, row.value, row.label, locale),
    code: row.code,
    tagType: row.tag_type as 'primary',
    styleSetting: row.style_setting,
    classSetting: row.class_setting,
    orderNo: row.order_no,
    status: row.status,
    remark: row.remark,
    extData: row.ext_data,
  };
}

/** Dictionary types and values. Built-in types keep their code and values; labels and looks stay editable. */
export function createDictService(kernel: Kernel) {
  const { ids, logs } = kernel;
  const tdb = kernel.tenantDb;
  // the shared (platform) dictionaries are read across tenants: see createSharedDictRepo
  const shared = createSharedDictRepo(kernel);
  const audit = (ctx: UserContext) => updatedBy(ctx, Date.now());

  /**
   * Updates one of the tenant's rows of a dictionary table: reads it, writes the changes, and once committed
   * records the before and after in the diff log. A row gone in the meantime is a 404.
   */
  async function updateRow<T extends 'sys_dict_type' | 'sys_dict_data'>(
    ctx: UserContext,
    table: T,
    id: number,
    changes: Updateable<TenantDatabase[T]>,
  ) {
    const before =
      table === 'sys_dict_type'
        ? await dictRepo.updateType(tdb(ctx), id, changes as Updateable<TenantDatabase['sys_dict_type']>)
        : await dictRepo.updateData(tdb(ctx), id, changes as Updateable<TenantDatabase['sys_dict_data']>);
    if (!before) throw notFound();
    logs.diff(ctx, { table, id, op: 'update', before, after: { ...before, ...changes } });
  }

  async function ownTypeOr404(ctx: UserContext, id: number) {
    const row = await dictRepo.ownType(tdb(ctx), id);
    if (!row) throw notFound();
    return row;
  }

  async function checkValue(ctx: UserContext, type: { id: number; code: string }, value: string, exceptId?: number) {
    if (isEnumCode(type.code) && !/^-?\d+$/.test(value)) {
      throw new AppError('validation', { count: 1 }, { value: ['enum_value_numeric'] });
    }
    if (await dictRepo.valueTaken(tdb(ctx), type.id, value, exceptId)) throw new AppError('duplicateCode', { value });
  }

  return {
    typesPage: async (ctx: UserContext, input: InputOf<typeof sysDictType.page>, time: TimeFormatter) => {
      const page = await shared.typesPage(ctx, input);
      return { ...page, items: page.items.map((r) => typeDto(r, time, ctx.locale)) };
    },
    typesList: async (ctx: UserContext, time: TimeFormatter) =>
      (await shared.typesList(ctx)).map((r) => typeDto(r, time, ctx.locale)),
    async typeDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await shared.visibleType(ctx, id);
      if (!row) throw notFound();
      return typeDto(row, time, ctx.locale);
    },
    async addType(ctx: UserContext, input: InputOf<typeof sysDictType.add>) {
      if (isEnumCode(input.code)) throw new AppError('dictCodeEnumReserved');
      if (await shared.codeTaken(ctx, input.code, input.isTenant === YesNo.no)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const id = ids.next();
      await dictRepo.insertType(
        tdb(ctx),
        audited(
          ctx,
          id,
          {
            name: input.name,
            code: input.code,
            order_no: input.orderNo,
            remark: input.remark ?? null,
            status: input.status,
            sys_flag: YesNo.no,
            is_tenant: input.isTenant,
          },
          Date.now(),
        ),
      );
      return id;
    },
    async updateType(ctx: UserContext, input: InputOf<typeof sysDictType.update>) {
      const row = await ownTypeOr404(ctx, input.id);
      if (row.code !== input.code) {
        // code reads the values everywhere: a built-in type keeps its code; others may not take an enum-like one
        if (row.sys_flag === YesNo.yes) throw new AppError('sysFlagProtected');
        if (isEnumCode(input.code)) throw new AppError('dictCodeEnumReserved');
      }
      const sharedBefore = row.is_tenant === YesNo.no;
      const sharedAfter = (row.sys_flag === YesNo.yes ? row.is_tenant : input.isTenant) === YesNo.no;
      const recheck = row.code !== input.code || sharedAfter !== sharedBefore;
      if (recheck && (await shared.codeTaken(ctx, input.code, sharedAfter, row.id))) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      await updateRow(ctx, 'sys_dict_type', row.id, {
        name: keepSeedText('dictType', row.name, input.name),
        code: input.code,
        order_no: input.orderNo,
        remark: input.remark ?? null,
        status: input.status,
        is_tenant: row.sys_flag === YesNo.yes ? row.is_tenant : input.isTenant,
        ...audit(ctx),
      });
    },
    async deleteType(ctx: UserContext, id: number) {
      const row = await ownTypeOr404(ctx, id);
      if (row.sys_flag === YesNo.yes) throw new AppError('sysFlagProtected');
      const removed = await dictRepo.removeType(tdb(ctx), id);
      for (const before of removed.values)
        logs.diff(ctx, { table: 'sys_dict_data', id: before.id, op: 'delete', before });
      if (removed.type) logs.diff(ctx, { table: 'sys_dict_type', id, op: 'delete', before: removed.type });
    },
    async setTypeStatus(ctx: UserContext, id: number, status: number) {
      await ownTypeOr404(ctx, id);
      await updateRow(ctx, 'sys_dict_type', id, { status, ...audit(ctx) });
    },

    async allDictList(ctx: UserContext) {
      const out: Record<string, ReturnType<typeof valueDto>[]> = {};
      for (const row of await shared.enabledValues(ctx)) {
        const list = out[row.type_code] ?? [];
        list.push(valueDto(row, ctx.locale));
        out[row.type_code] = list;
      }
      return out;
    },
    async dataList(ctx: UserContext, code: string) {
      return (await shared.enabledValues(ctx, code)).map((r) => valueDto(r, ctx.locale));
    },

    dataPage: async (ctx: UserContext, input: InputOf<typeof sysDictData.page>, time: TimeFormatter) => {
      const page = await shared.dataPage(ctx, input);
      return { ...page, items: page.items.map((r) => dataDto(r, time, ctx.locale)) };
    },
    async dataOfType(ctx: UserContext, typeId: number, time: TimeFormatter) {
      if (!(await shared.visibleType(ctx, typeId))) throw notFound();
      return (await shared.dataOfType(typeId)).map((r) => dataDto(r, time, ctx.locale));
    },
    async dataDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await shared.visibleData(ctx, id);
      if (!row) throw notFound();
      return dataDto(row, time, ctx.locale);
    },
    async addData(ctx: UserContext, input: InputOf<typeof sysDictData.add>) {
      const type = await ownTypeOr404(ctx, input.dictTypeId);
      // the members of a built-in enumeration are defined by the code that reads them
      if (type.sys_flag === YesNo.yes && isEnumCode(type.code)) throw new AppError('sysFlagProtected');
      await checkValue(ctx, type, input.value);
      const id = ids.next();
      await dictRepo.insertData(
        tdb(ctx),
        audited(
          ctx,
          id,
          {
            dict_type_id: type.id,
            value: input.value,
            label: input.label,
            code: input.code ?? null,
            tag_type: input.tagType,
            style_setting: input.styleSetting ?? null,
            class_setting: input.classSetting ?? null,
            order_no: input.orderNo,
            status: input.status,
            remark: input.remark ?? null,
            ext_data: input.extData ?? null,
          },
          Date.now(),
        ),
      );
      return id;
    },
    async updateData(ctx: UserContext, input: InputOf<typeof sysDictData.update>) {
      const row = await dictRepo.ownData(tdb(ctx), input.id);
      if (!row) throw notFound();
      if (input.dictTypeId !== row.dict_type_id) throw new AppError('conflict');
      const type = await ownTypeOr404(ctx, row.dict_type_id);
      if (input.value !== row.value) {
        if (type.sys_flag === YesNo.yes && isEnumCode(type.code)) throw new AppError('sysFlagProtected');
        await checkValue(ctx, type, input.value, row.id);
      }
      await updateRow(ctx, 'sys_dict_data', row.id, {
        value: input.value,
        label: keptLabel(type.code, row, input),
        code: input.code ?? null,
        tag_type: input.tagType,
        style_setting: input.styleSetting ?? null,
        class_setting: input.classSetting ?? null,
        order_no: input.orderNo,
        status: input.status,
        remark: input.remark ?? null,
        ext_data: input.extData ?? null,
        ...audit(ctx),
      });
    },
    async deleteData(ctx: UserContext, id: number) {
      const row = await dictRepo.ownData(tdb(ctx), id);
      if (!row) throw notFound();
      if (row.type_sys_flag === YesNo.yes && isEnumCode(row.type_code)) throw new AppError('sysFlagProtected');
      const before = await dictRepo.removeData(tdb(ctx), id);
      if (before) logs.diff(ctx, { table: 'sys_dict_data', id, op: 'delete', before });
    },
    async setDataStatus(ctx: UserContext, id: number, status: number) {
      const row = await dictRepo.ownData(tdb(ctx), id);
      if (!row) throw notFound();
      await updateRow(ctx, 'sys_dict_data', id, { status, ...audit(ctx) });
    },
  };
}
