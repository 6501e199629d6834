import { plan2dResult } from '@shelfwise/contract';
import type { z } from 'zod';
import { notFound } from '../../../kernel/errors/app-error';
import type { TimeFormatter, UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { PreparedJson } from '../../../kernel/http/prepared-json';
import { cards } from './cards';
import {
  buildLayout,
  type Colored,
  colour,
  type Layout,
  matchOf,
  type PlanParts,
  planSize,
  planValue,
  sameLayout,
  sameMap,
} from './floor';
import { locationLines } from './location-lines';
import { overviewRepo } from './overview.repo';
import { RefreshCache } from './refresh-cache';
import {
  latestSnapshot,
  loadTaskStates,
  type OwnerFilter,
  ownerLocations,
  resolveTask,
  reviewStamp,
  type TaskExtraFigures,
  type TaskStates,
} from './task-data';

// The warehouse overview: data cards, 2D plan, 3D scene, lines of a location.
//
// Freshness. A warehouse's floor and a task's states are read whole and kept per server node:
// - up to `large` locations (a warehouse's, a task checklist's) nothing is kept stale: the floor is read again on
//   every request, the states whenever the task's progress stamp (its counters and statuses, its reviews) changes;
// - above it, answers come from the last read while the next one runs in the background: the floor at most
//   30 s old, the states at most 10 s old or one refresh (>= 2 s apart) behind the stamp. Big answers are kept
//   checked and serialised (`PreparedJson`) per state of the data and its `asOf`, so a repeated request costs no
//   more than sending the text.

export interface OverviewOptions {
  /** Locations above which the floor / states / answers are served from the background-refreshed cache. */
  large?: number;
  /** Most locations one answer carries (default `OVERVIEW_MAX_LOCATIONS`). */
  maxLocations?: number;
}

type PlanInput = OwnerFilter & { warehouseId: number; taskId?: number | undefined; areaId?: number | undefined };

/** A 2D / 3D answer. */
type Plan = z.output<typeof plan2dResult>;

/** An answer: a value the route checks on the way out, or (large) one kept checked and serialised. */
export type PlanAnswer = Plan | PreparedJson<Plan>;

export function createOverviewService(kernel: Kernel, options: OverviewOptions = {}) {
  const tdb = kernel.tenantDb;
  const large = options.large ?? 5000;
  const onError = (err: unknown) => kernel.log.error({ err }, 'overview: background refresh failed');
  const layouts = new RefreshCache<Layout | undefined>(8, onError);
  const states = new RefreshCache<TaskStates>(8, onError);
  const owners = new RefreshCache<Set<number>>(32, onError);
  const extras = new RefreshCache<TaskExtraFigures>(256, onError);
  /** Colourings and prepared answers of the latest builds, by the builds they come from. */
  const colorings = new Map<string, Colored>();
  const matches = new Map<string, Uint8Array>();
  const answers = new Map<string, PreparedJson<Plan>>();
  const remember = <T>(map: Map<string, T>, key: string, make: () => T, capacity: number): T => {
    const hit = map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    map.set(key, value);
    while (map.size > capacity) map.delete(map.keys().next().value as string);
    return value;
  };

  async function plan(ctx: UserContext, input: PlanInput, time: TimeFormatter): Promise<PlanAnswer> {
    const db = tdb(ctx);
    if (!(await overviewRepo.warehouseVisible(db, ctx, input.warehouseId))) throw notFound('warehouse');
    const task = await resolveTask(db, input.warehouseId, input.taskId);

    const layoutBuilt = await layouts.get(
      `${ctx.tenantId}:${input.warehouseId}`,
      {
        stamp: '',
        maxAge: 60_000,
        serveStale: (l) => (l?.size ?? 0) > large,
        minInterval: 5000,
        equal: sameLayout,
      },
      () => buildLayout(db, input.warehouseId),
    );
    const layout = layoutBuilt.value;
    if (!layout) throw notFound('warehouse');
    if (input.areaId !== undefined && !layout.areas.some((a) => a.id === input.areaId)) throw notFound('area');

    let statesBuilt: { value: TaskStates; build: number; at: number } | null = null;
    if (task) {
      const bigTask = task.locationCount > large;
      statesBuilt = await states.get(
        `${ctx.tenantId}:${task.id}`,
        {
          stamp: `${task.stamp}/${await reviewStamp(db, task.id)}`,
          // what the stamp may miss (a location confirmed as another is unconfirmed) shows within a minute
          maxAge: bigTask ? 60_000 : 0,
          serveStale: (s) => s.states.size > large,
          minInterval: 2000,
          equal: (a, b) => sameMap(a.states, b.states),
        },
        () => loadTaskStates(db, task.id),
      );
    }

    let ownerBuilt: { value: Set<number>; build: number } | null = null;
    if (input.consignorId !== undefined || input.skuId !== undefined) {
      const snapshotId = task ? null : await latestSnapshot(db, input.warehouseId);
      const source = task ? { taskId: task.id } : snapshotId !== null ? { snapshotId } : null;
      const key = `${ctx.tenantId}:${task ? `t${task.id}` : `s${snapshotId}`}:${input.consignorId ?? ''}:${input.skuId ?? ''}`;
      ownerBuilt = await owners.get(
        key,
        {
          // new lines of a task come with a new line count; a snapshot never changes
          stamp: task ? String(task.lineCount) : '',
          maxAge: task && task.lineCount > large ? 60_000 : task ? 0 : 600_000,
          serveStale: () => (task?.lineCount ?? 0) > large,
          minInterval: 5000,
          equal: (a, b) => a.size === b.size && [...a].every((id) => b.has(id)),
        },
        () => ownerLocations(db, source, input),
      );
    }

    const stateKey = `${layoutBuilt.build}:${statesBuilt?.build ?? 0}`;
    const colored = remember(colorings, stateKey, () => colour(layout, statesBuilt?.value.states ?? null), 4);
    const parts: PlanParts = {
      layout,
      colored,
      match: ownerBuilt
        ? remember(matches, `${layoutBuilt.build}:${ownerBuilt.build}`, () => matchOf(layout, ownerBuilt.value), 8)
        : null,
      task: task
        ? {
            id: task.id,
            code: task.code,
            name: task.name,
            inventoryStatus: task.inventoryStatus,
            auditStatus: task.auditStatus,
          }
        : null,
      areaId: input.areaId,
      asOf: time(Math.min(layoutBuilt.at, statesBuilt?.at ?? Number.POSITIVE_INFINITY)) ?? '',
      ...(options.maxLocations !== undefined ? { max: options.maxLocations } : {}),
    };
    if (planSize(parts) <= large) return planValue(parts);
    // builds number every read of any key (so they name the tenant and warehouse / task / filter read); what the
    // text holds besides them (the task's head, asOf) is part of the key too: a renamed task is a new text
    const key = JSON.stringify([stateKey, ownerBuilt?.build ?? 0, input.areaId ?? null, parts.task, parts.asOf]);
    return remember(answers, key, () => PreparedJson.of(plan2dResult, planValue(parts)), 8);
  }

  return {
    plan,
    cards: async (ctx: UserContext, input: { warehouseId?: number; taskId?: number }, time: TimeFormatter) => ({
      ...(await cards({ db: tdb(ctx), extras, largeTask: large }, ctx, input)),
      asOf: time(Date.now()) ?? '',
    }),
    locationLines: (
      ctx: UserContext,
      input: { locationId: number; taskId?: number | undefined },
      time: TimeFormatter,
    ) => locationLines(tdb(ctx), ctx, input, time),
    /** Forgets everything kept (tests). */
    clear() {
      for (const c of [layouts, states, owners, extras]) c.clear();
      colorings.clear();
      matches.clear();
      answers.clear();
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
