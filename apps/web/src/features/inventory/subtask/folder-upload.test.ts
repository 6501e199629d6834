import { describe, expect, it } from 'vitest';
import { classifyFiles, MAX_PHOTO_BYTES, type ReportLine, reportCsv, reportSummary, runPool } from './folder-upload';

describe('folder upload', () => {
  it('sends jpg and png photos up to 10 MB and leaves the rest out with a reason', () => {
    const { send, skipped } = classifyFiles([
      { name: 'A-01-02.JPG', size: 100, path: 'shots/A-01-02.JPG' },
      { name: 'A-01-01_SKU1.png', size: 100, path: 'shots/A-01-01_SKU1.png' },
      { name: 'A-01-03.jpeg', size: MAX_PHOTO_BYTES + 1 },
      { name: 'notes.txt', size: 10 },
      { name: '.DS_Store', size: 10 },
    ]);
    expect(send.map((f) => f.name)).toEqual(['A-01-01_SKU1.png', 'A-01-02.JPG']);
    expect(skipped.map((s) => [s.file.name, s.reason])).toEqual([
      ['A-01-03.jpeg', 'tooLarge'],
      ['notes.txt', 'notImage'],
      ['.DS_Store', 'hidden'],
    ]);
  });

  it('uploads at most three at a time, keeps going after a failure, answers in order', async () => {
    let running = 0;
    let peak = 0;
    const heard: number[] = [];
    const out = await runPool(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5 + (n % 3) * 3));
        running--;
        if (n === 4) throw new Error('boom');
        return n * 10;
      },
      (n) => heard.push(n),
    );
    expect(peak).toBe(3);
    expect(heard.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(out.map((o) => (o?.status === 'fulfilled' ? o.value : 'x'))).toEqual([10, 20, 30, 'x', 50, 60, 70]);
  });

  it('stops taking files once stopped', async () => {
    const abort = new AbortController();
    const done: number[] = [];
    await runPool(
      [1, 2, 3, 4, 5, 6],
      2,
      async (n) => {
        if (n === 2) abort.abort();
        return n;
      },
      (n) => done.push(n),
      abort.signal,
    );
    expect(done.length).toBeLessThan(6);
  });

  it('sums the report and writes it as CSV', () => {
    const lines: ReportLine[] = [
      { file: 'a/A-1.jpg', status: 'location', locationCode: 'A-1', skuCode: null, itemCount: 3, reason: null },
      { file: 'a/A-1_S.jpg', status: 'item', locationCode: 'A-1', skuCode: 'S', itemCount: 1, reason: null },
      { file: 'a/Z-9.jpg', status: 'none', locationCode: null, skuCode: null, itemCount: 0, reason: 'no location Z-9' },
      { file: 'a/x.txt', status: 'skipped', locationCode: null, skuCode: null, itemCount: 0, reason: 'Not a picture' },
    ];
    expect(reportSummary(lines)).toEqual({
      total: 4,
      location: 1,
      item: 1,
      matched: 2,
      none: 1,
      skipped: 1,
      failed: 0,
      pictures: 4,
    });
    const csv = reportCsv(
      lines,
      { file: 'File', status: 'Result', location: 'Location', sku: 'SKU', items: 'Lines', reason: 'Reason' },
      (s) => s.toUpperCase(),
    ).split('\r\n');
    expect(csv[0]).toBe('"File","Result","Location","SKU","Lines","Reason"');
    expect(csv[3]).toBe('"a/Z-9.jpg","NONE","","","0","no location Z-9"');
    expect(csv).toHaveLength(5);
  });
});
