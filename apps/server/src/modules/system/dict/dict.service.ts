import { ALL_ENUMS, type InputOf, type Locale, type sysDictData, type sysDictType, YesNo } from '@shelfwise/contract';
import { sql, type UpdateObject } from 'kysely';
import type { Database, SysDictDataTable, SysDictTypeTable } from '../../../kernel/db/schema';
import { tenantScoped } from '../../../kernel/db/tenant-scope';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { dictLabel, keepSeedText, seedText } from '../../../kernel/i18n/seed-texts';
import { ABNORMAL_CAUSES } from '../seed';
import { createDictRepo } from './dict.repo';

/** Translations of dictionary labels by `typeCode_value` (docs/web-shell.md#start-up-and-settings), from the shared enums and seeded lists. */
const LABELS = new Map<string, Record<Locale, string>>();
for (const def of ALL_ENUMS) for (const m of def.members) LABELS.set(`${def.code}_${m.value}`, m.label);
for (const [i, label] of ABNORMAL_CAUSES.entries()) LABELS.set(`AbnormalCause_${i + 1}`, label);

/** A seeded label sent back unchanged in the reader's language keeps its English text (and its translations). */
function keptLabel(typeCode: string, row: SysDictDataTable, input: { value: string; label: string }) {
  const seeded = LABELS.get(`${typeCode}_${row.value}`);
  const unchanged = seeded && seeded.en === row.label && input.value === row.value;
  return unchanged && Object.values(seeded).includes(input.label) ? row.label : input.label;
}

const isEnumCode = (code: string) => code.endsWith('Enum');

type DataRow = SysDictDataTable & { type_code: string };

function typeDto(row: SysDictTypeTable, time: TimeFormatter, locale: Locale) {
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
  const { db, ids, logs } = kernel;
  const repo = createDictRepo(db);
  const audit = (ctx: UserContext) => ({ updated_at: Date.now(), updated_by: ctx.userId });

  /**
   * Updates one of the tenant's rows of a dictionary table: reads it, writes the changes, and once committed
   * records the before and after in the diff log. A row gone in the meantime is a 404.
   */
  async function updateRow<T extends 'sys_dict_type' | 'sys_dict_data'>(
    ctx: UserContext,
    table: T,
    id: number,
    changes: Partial<Database[T]>,
  ) {
    const before = await db.transaction().execute(async (trx) => {
      const scope = tenantScoped(trx, ctx, table);
      const row = (await scope.selectFrom().selectAll().where(sql<boolean>`id = ${id}`).executeTakeFirst()) as
        | Database[T]
        | undefined;
      if (!row) throw notFound();
      await scope
        .updateTable()
        .set(changes as UpdateObject<Database, T, T>)
        .where(sql<boolean>`id = ${id}`)
        .execute();
      return row;
    });
    logs.diff(ctx, { table, id, op: 'update', before, after: { ...before, ...changes } });
  }

  async function ownTypeOr404(ctx: UserContext, id: number) {
    const row = await repo.ownType(ctx, id);
    if (!row) throw notFound();
    return row;
  }

  async function checkValue(ctx: UserContext, type: SysDictTypeTable, value: string, exceptId?: number) {
    if (isEnumCode(type.code) && !/^-?\d+$/.test(value)) {
      throw new AppError('validation', { count: 1 }, { value: ['enum_value_numeric'] });
    }
    if (await repo.valueTaken(ctx, type.id, value, exceptId)) throw new AppError('duplicateCode', { value });
  }

  return {
    typesPage: async (ctx: UserContext, input: InputOf<typeof sysDictType.page>, time: TimeFormatter) => {
      const page = await repo.typesPage(ctx, input);
      return { ...page, items: page.items.map((r) => typeDto(r, time, ctx.locale)) };
    },
    typesList: async (ctx: UserContext, time: TimeFormatter) =>
      (await repo.typesList(ctx)).map((r) => typeDto(r, time, ctx.locale)),
    async typeDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.visibleType(ctx, id);
      if (!row) throw notFound();
      return typeDto(row, time, ctx.locale);
    },
    async addType(ctx: UserContext, input: InputOf<typeof sysDictType.add>) {
      if (isEnumCode(input.code)) throw new AppError('dictCodeEnumReserved');
      if (await repo.codeTaken(ctx, input.code, input.isTenant === YesNo.no)) {
        throw new AppError('duplicateCode', { value: input.code });
      }
      const id = ids.next();
      await db
        .insertInto('sys_dict_type')
        .values({
          id,
          tenant_id: ctx.tenantId,
          name: input.name,
          code: input.code,
          order_no: input.orderNo,
          remark: input.remark ?? null,
          status: input.status,
          sys_flag: YesNo.no,
          is_tenant: input.isTenant,
          created_at: Date.now(),
          created_by: ctx.userId,
          updated_at: null,
          updated_by: null,
        })
        .execute();
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
      if (recheck && (await repo.codeTaken(ctx, input.code, sharedAfter, row.id))) {
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
      const removed = await db.transaction().execute(async (trx) => {
        const values = await tenantScoped(trx, ctx, 'sys_dict_data')
          .selectFrom()
          .selectAll()
          .where('dict_type_id', '=', id)
          .execute();
        const type = await tenantScoped(trx, ctx, 'sys_dict_type')
          .selectFrom()
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        await tenantScoped(trx, ctx, 'sys_dict_data').deleteFrom().where('dict_type_id', '=', id).execute();
        await tenantScoped(trx, ctx, 'sys_dict_type').deleteFrom().where('id', '=', id).execute();
        return { type, values };
      });
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
      for (const row of await repo.enabledValues(ctx)) {
        const list = out[row.type_code] ?? [];
        list.push(valueDto(row, ctx.locale));
        out[row.type_code] = list;
      }
      return out;
    },
    async dataList(ctx: UserContext, code: string) {
      return (await repo.enabledValues(ctx, code)).map((r) => valueDto(r, ctx.locale));
    },

    dataPage: async (ctx: UserContext, input: InputOf<typeof sysDictData.page>, time: TimeFormatter) => {
      const page = await repo.dataPage(ctx, input);
      return { ...page, items: page.items.map((r) => dataDto(r, time, ctx.locale)) };
    },
    async dataOfType(ctx: UserContext, typeId: number, time: TimeFormatter) {
      if (!(await repo.visibleType(ctx, typeId))) throw notFound();
      return (await repo.dataOfType(typeId)).map((r) => dataDto(r, time, ctx.locale));
    },
    async dataDetail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.visibleData(ctx, id);
      if (!row) throw notFound();
      return dataDto(row, time, ctx.locale);
    },
    async addData(ctx: UserContext, input: InputOf<typeof sysDictData.add>) {
      const type = await ownTypeOr404(ctx, input.dictTypeId);
      // the members of a built-in enumeration are defined by the code that reads them
      if (type.sys_flag === YesNo.yes && isEnumCode(type.code)) throw new AppError('sysFlagProtected');
      await checkValue(ctx, type, input.value);
      const id = ids.next();
      await db
        .insertInto('sys_dict_data')
        .values({
          id,
          tenant_id: ctx.tenantId,
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
          created_at: Date.now(),
          created_by: ctx.userId,
          updated_at: null,
          updated_by: null,
        })
        .execute();
      return id;
    },
    async updateData(ctx: UserContext, input: InputOf<typeof sysDictData.update>) {
      const row = await repo.ownData(ctx, input.id);
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
      const row = await repo.ownData(ctx, id);
      if (!row) throw notFound();
      if (row.type_sys_flag === YesNo.yes && isEnumCode(row.type_code)) throw new AppError('sysFlagProtected');
      const before = await db.transaction().execute(async (trx) => {
        const scope = tenantScoped(trx, ctx, 'sys_dict_data');
        const current = await scope.selectFrom().selectAll().where('id', '=', id).executeTakeFirst();
        await scope.deleteFrom().where('id', '=', id).execute();
        return current;
      });
      if (before) logs.diff(ctx, { table: 'sys_dict_data', id, op: 'delete', before });
    },
    async setDataStatus(ctx: UserContext, id: number, status: number) {
      const row = await repo.ownData(ctx, id);
      if (!row) throw notFound();
      await updateRow(ctx, 'sys_dict_data', id, { status, ...audit(ctx) });
    },
  };
}
