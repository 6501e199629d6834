import { csvText } from '../snapshot/report-files';

/** The largest photo the server takes. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** How many photos are sent at the same time. */
export const UPLOAD_CONCURRENCY = 3;

/** A picked file as far as the upload needs it. */
export interface PickedFile {
  name: string;
  size: number;
  type?: string;
  /** The path inside the picked folder (`webkitRelativePath`), when the browser gives it. */
  path?: string;
}

/** Why a picked file is not sent. */
export type SkipReason = 'notImage' | 'tooLarge' | 'hidden';

/** One line of the report: a file, and what became of it. */
export interface ReportLine {
  file: string;
  status: 'location' | 'item' | 'none' | 'skipped' | 'failed';
  locationCode: string | null;
  skuCode: string | null;
  itemCount: number;
  /** Why it was not matched or not sent (translated by the server, or a reason key of the browser's checks). */
  reason: string | null;
}

const IMAGE = /\.(jpe?g|png)$/i;

/** Splits the picked files into photos to send and files left out with the reason (hidden files, other types, too big). */
export function classifyFiles<F extends PickedFile>(files: readonly F[]) {
  const send: F[] = [];
  const skipped: { file: F; reason: SkipReason }[] = [];
  for (const f of files) {
    const base = f.name;
    if (base.startsWith('.')) skipped.push({ file: f, reason: 'hidden' });
    else if (!IMAGE.test(base)) skipped.push({ file: f, reason: 'notImage' });
    else if (f.size > MAX_PHOTO_BYTES) skipped.push({ file: f, reason: 'tooLarge' });
    else send.push(f);
  }
  send.sort((a, b) => (a.path ?? a.name).localeCompare(b.path ?? b.name));
  return { send, skipped };
}

/**
 * Runs `work` over the items with at most `limit` running at once, in order of the list; `onSettled` hears each
 * outcome as it comes. Stops taking new items once `signal` is aborted. Answers the outcomes in the list's order.
 */
export async function runPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onSettled?: (item: T, outcome: PromiseSettledResult<R>, index: number) => void,
  signal?: AbortSignal,
): Promise<(PromiseSettledResult<R> | undefined)[]> {
  const out: (PromiseSettledResult<R> | undefined)[] = new Array(items.length).fill(undefined);
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      const item = items[i] as T;
      let outcome: PromiseSettledResult<R>;
      try {
        outcome = { status: 'fulfilled', value: await work(item) };
      } catch (reason) {
        outcome = { status: 'rejected', reason };
      }
      out[i] = outcome;
      onSettled?.(item, outcome, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

/** Counts of a report: matched to a location, to an item, not matched, left out, failed. */
export function reportSummary(lines: readonly ReportLine[]) {
  const count = (s: ReportLine['status']) => lines.filter((l) => l.status === s).length;
  return {
    total: lines.length,
    location: count('location'),
    item: count('item'),
    matched: count('location') + count('item'),
    none: count('none'),
    skipped: count('skipped'),
    failed: count('failed'),
    pictures: lines.reduce((n, l) => n + l.itemCount, 0),
  };
}

/** The report as CSV text, with translated titles and status labels. */
export function reportCsv(
  lines: readonly ReportLine[],
  titles: { file: string; status: string; location: string; sku: string; items: string; reason: string },
  statusLabel: (s: ReportLine['status']) => string,
): string {
  return csvText<ReportLine>(
    [
      { title: titles.file, value: (l) => l.file },
      { title: titles.status, value: (l) => statusLabel(l.status) },
      { title: titles.location, value: (l) => l.locationCode },
      { title: titles.sku, value: (l) => l.skuCode },
      { title: titles.items, value: (l) => l.itemCount },
      { title: titles.reason, value: (l) => l.reason },
    ],
    lines,
  );
}
