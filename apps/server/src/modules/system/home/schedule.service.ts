import type { InputOf, OutputOf, sysSchedule } from '@shelfwise/contract';
import { audited, updatedBy } from '../../../kernel/db/tenant-db';
import { AppError, notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { parseTime } from '../../../kernel/i18n/time';
import { scheduleRepo as repo } from './schedule.repo';

type Item = OutputOf<typeof sysSchedule.detail>;
type AddInput = InputOf<typeof sysSchedule.add>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

const DAY = 86_400_000;

/** Whether `yyyy-MM-dd[ HH:mm[:ss]]` names a real day and time (the format alone lets 2026-02-31 through). */
export function isRealTime(text: string): boolean {
  const [y, mo, d, h = 0, mi = 0, s = 0] = text.split(/[- :]/).map(Number) as number[];
  const t = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === (mo as number) - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/** The day after a `yyyy-MM-dd` day. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
}

/** The instants of a day's first and last second on a clock (days of a zone change are 23 or 25 hours long). */
function dayBounds(date: string, timeZone: string): { from: number; to: number } {
  return { from: parseTime(date, timeZone) as number, to: (parseTime(nextDay(date), timeZone) as number) - 1000 };
}

/**
 * Personal calendar items. Everything is the caller's own: another user's item, like another tenant's, is not
 * found. Times are on the tenant's clock; an all-day item covers its days from midnight to 23:59:59.
 */
export function createScheduleService(kernel: Kernel) {
  const tdb = kernel.tenantDb;

  const toItem = (r: Row, time: TimeFormatter): Item => ({
    id: Number(r.id),
    title: r.title,
    startTime: time(Number(r.start_at)) ?? '',
    endTime: time(Number(r.end_at)) ?? '',
    allDay: Number(r.all_day) === 1,
    color: r.color as Item['color'],
    remark: r.remark,
    createTime: time(Number(r.created_at)),
    updateTime: time(r.updated_at === null ? null : Number(r.updated_at)),
    createUserId: r.created_by === null ? null : Number(r.created_by),
    updateUserId: r.updated_by === null ? null : Number(r.updated_by),
  });

  /** The stored columns of an item's input, or a 400 naming the field whose day or time does not exist. */
  function columns(ctx: UserContext, input: AddInput) {
    const bad = ['startTime', 'endTime'].filter((f) => !isRealTime(input[f as 'startTime' | 'endTime']));
    if (bad.length) {
      throw new AppError(
        'validation',
        { count: bad.length },
        Object.fromEntries(bad.map((f) => [f, ['invalid_time']])),
      );
    }
    const start = input.allDay
      ? dayBounds(input.startTime.slice(0, 10), ctx.timeZone).from
      : (parseTime(input.startTime, ctx.timeZone) as number);
    const end = input.allDay
      ? dayBounds(input.endTime.slice(0, 10), ctx.timeZone).to
      : (parseTime(input.endTime, ctx.timeZone) as number);
    // the contract compares the texts; a clock going back (end of summer time) can still put the end first
    if (end < start) throw new AppError('validation', { count: 1 }, { endTime: ['schedule_end_before_start'] });
    return {
      title: input.title,
      start_at: start,
      end_at: end,
      all_day: input.allDay ? 1 : 0,
      color: input.color,
      remark: input.remark ?? null,
    };
  }

  return {
    async list(ctx: UserContext, input: InputOf<typeof sysSchedule.list>, time: TimeFormatter) {
      const bad = (['startDate', 'endDate'] as const).filter((f) => !isRealTime(input[f]));
      if (bad.length) {
        throw new AppError(
          'validation',
          { count: bad.length },
          Object.fromEntries(bad.map((f) => [f, ['invalid_date']])),
        );
      }
      const from = dayBounds(input.startDate, ctx.timeZone).from;
      const to = dayBounds(input.endDate, ctx.timeZone).to;
      return (await repo.overlapping(tdb(ctx), ctx.userId, from, to)).map((r) => toItem(r, time));
    },
    async detail(ctx: UserContext, id: number, time: TimeFormatter) {
      const row = await repo.find(tdb(ctx), ctx.userId, id);
      if (!row) throw notFound('schedule');
      return toItem(row, time);
    },
    async add(ctx: UserContext, input: AddInput) {
      const id = kernel.ids.next();
      const row = { user_id: ctx.userId, ...columns(ctx, input) };
      await repo.insert(tdb(ctx), audited(ctx, id, row, Date.now()));
      return id;
    },
    async update(ctx: UserContext, input: InputOf<typeof sysSchedule.update>) {
      const changed = await repo.update(tdb(ctx), ctx.userId, input.id, {
        ...columns(ctx, input),
        ...updatedBy(ctx, Date.now()),
      });
      if (!changed) throw notFound('schedule');
    },
    async remove(ctx: UserContext, id: number) {
      if (!(await repo.remove(tdb(ctx), ctx.userId, id))) throw notFound('schedule');
    },
  };
}
