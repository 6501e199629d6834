import type { OverviewInput } from './overview.api';
import type { OverviewFilterValues } from './overview-filters';

// Pure helpers of the overview pages: the query parameters, the request of the filters, the code proposals.

/** A positive integer query parameter, or undefined. */
export function idParam(search: string, name: string): number | undefined {
  const n = Number(new URLSearchParams(search).get(name));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The request of the filters (undefined until a warehouse is chosen), without empty fields. */
export function overviewInput(f: OverviewFilterValues): OverviewInput | undefined {
  if (!f.warehouseId) return undefined;
  const input: OverviewInput = { warehouseId: f.warehouseId };
  if (f.taskId) input.taskId = f.taskId;
  if (f.areaId) input.areaId = f.areaId;
  if (f.consignorId) input.consignorId = f.consignorId;
  if (f.skuId) input.skuId = f.skuId;
  return input;
}

/** Most codes the search box proposes. */
const PROPOSALS = 20;

/** Codes among the loaded ones that start with (then contain) the typed text, at most 20. */
export function proposeCodes(codes: readonly string[], typed: string): string[] {
  const q = typed.trim().toUpperCase();
  if (!q) return [];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const c of codes) {
    const u = c.toUpperCase();
    if (u.startsWith(q)) {
      starts.push(c);
      if (starts.length >= PROPOSALS) break;
    } else if (contains.length < PROPOSALS && u.includes(q)) contains.push(c);
  }
  return [...starts, ...contains].slice(0, PROPOSALS);
}
