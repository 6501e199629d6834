import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanEventKind } from '../../../kernel/db/schema-inventory';
import { DEFAULT_TENANT, startTestApp, type TestApp } from '../../../test/harness';
import type { ScopedContext } from '../../warehouse/warehouse';
import { combineScanFigures, rates } from './scan-measures';
import { scanSummaryRepo } from './scan-summary.repo';

const HOUR = 3_600_000;
const BASE = Date.UTC(2026, 10, 20, 6, 0, 0);

interface GenEvent {
  user: number;
  item: number | null;
  kind: ScanEventKind;
  pass: number;
  quantity: number;
  minute: number;
}

/** Events as the ledger writes them: a line's sub-task follows from the line; empties may name no line. */
const event: fc.Arbitrary<GenEvent> = fc
  .record({
    user: fc.integer({ min: 1, max: 4 }),
    item: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null, freq: 6 }),
    kind: fc.constantFrom<ScanEventKind>('unit', 'unit', 'unit', 'carton', 'undo', 'set', 'empty', 'review'),
    quantity: fc.integer({ min: 0, max: 24 }),
    minute: fc.integer({ min: 0, max: 8 * 60 }),
  })
  .map((e) => {
    const item = e.kind === 'empty' ? e.item : (e.item ?? 1);
    const pass = e.kind === 'review' ? 2 : 1;
    const quantity = e.kind === 'undo' ? -Math.min(e.quantity, 3) : e.kind === 'empty' ? 0 : e.quantity;
    return { user: e.user, item, kind: e.kind, pass, quantity, minute: e.minute };
  });

const subOf = (item: number | null) => (item === null ? 1 : (item % 3) + 1);
const isLine = (e: GenEvent) => e.pass === 1 && e.item !== null && ['unit', 'carton', 'set', 'empty'].includes(e.kind);
const isCounting = (e: GenEvent) =>
  e.kind === 'unit' || e.kind === 'carton' || e.kind === 'empty' || (e.kind === 'set' && e.pass === 1);
const hourOf = (e: GenEvent) => Math.floor((BASE + e.minute * 60_000) / HOUR);

/** The measures computed straight from the events, the way the definitions read. */
function reference(events: GenEvent[], user?: number) {
  const mine = user === undefined ? events : events.filter((e) => e.user === user);
  const lines = new Set(mine.filter(isLine).map((e) => e.item)).size;
  const activeHours = new Set(mine.filter(isCounting).map((e) => `${e.user}:${hourOf(e)}`)).size;
  const scans = mine.filter((e) => e.kind === 'unit' || e.kind === 'carton').length;
  const undos = mine.filter((e) => e.kind === 'undo' && e.quantity !== 0).length;
  return {
    scans,
    undos,
    lines,
    activeHours,
    linesPerHour: activeHours ? lines / activeHours : null,
    undoRate: scans ? undos / scans : null,
  };
}

/** The SQL aggregates and their combination agree with a direct computation on generated events. */
describe('scan measures on generated events [sqlite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lines per hour, undo rate and active hours per counter and in total', async () => {
    const ctx = { tenantId: DEFAULT_TENANT, userId: 1, dataScope: { all: true } } as unknown as ScopedContext;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 60 }), async (events) => {
        const taskId = t.kernel.ids.next();
        await t.kernel.db
          .insertInto('inv_scan_event')
          .values(
            events.map((e) => ({
              id: t.kernel.ids.next(),
              tenant_id: DEFAULT_TENANT,
              client_id: randomUUID(),
              task_id: taskId,
              sub_task_id: subOf(e.item),
              location_id: 1,
              item_id: e.item,
              user_id: e.user,
              kind: e.kind,
              pass: e.pass,
              quantity: e.quantity,
              quantity_after: null,
              source: 1,
              server_at: BASE + e.minute * 60_000,
            })),
          )
          .execute();
        const scope = { warehouseId: 0, taskId, range: {}, offset: 0 };
        const figures = combineScanFigures(
          await scanSummaryRepo.cube(t.kernel.tenantDb(ctx), scope),
          await scanSummaryRepo.lines(t.kernel.tenantDb(ctx), scope),
          await scanSummaryRepo.reviews(t.kernel.tenantDb(ctx), scope),
        );
        const total = reference(events);
        expect({
          scans: figures.totals.scans,
          undos: figures.totals.undos,
          lines: figures.totals.lines,
          activeHours: figures.totals.activeHours,
          ...rates(figures.totals),
        }).toEqual({ ...total, errorRate: null });
        for (const user of new Set(events.map((e) => e.user))) {
          const c = figures.counters.find((x) => x.userId === user);
          const r = reference(events, user);
          expect(
            c && { scans: c.scans, undos: c.undos, lines: c.lines, activeHours: c.activeHours, ...rates(c) },
          ).toEqual({
            ...r,
            errorRate: null,
          });
        }
        // per sub-task, distinct lines over every counter
        for (const sub of figures.subTasks) {
          const expected = new Set(
            events.filter((e) => isLine(e) && subOf(e.item) === sub.subTaskId).map((e) => e.item),
          );
          expect(sub.lines).toBe(expected.size);
        }
        // the hours add up to the scans
        expect(figures.hours.reduce((n, h) => n + h.scans, 0)).toBe(total.scans);
      }),
      { numRuns: 40 },
    );
  });
});
