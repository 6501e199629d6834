import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the lint, typed by its use here
import { check, violationsIn } from './lint-tenancy.mjs';

type Check = (root?: string) => { counts: Record<string, number>; problems: string[]; total: number };
const run = check as Check;
const find = violationsIn as (text: string) => { line: number; why: string }[];

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>, baseline: Record<string, number> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwise-tenancy-'));
  dirs.push(dir);
  const all = { ...files, 'scripts/tenancy-baseline.json': JSON.stringify(baseline) };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const M = 'apps/server/src/modules';

describe('the tenancy rule of the lint', () => {
  it('refuses a raw query of a tenant-owned table and a hand-written tenant condition', () => {
    const raw = `export const list = (kernel: Kernel, ctx: Ctx) =>\n  kernel.db.selectFrom('wh_sku').where('tenant_id', '=', ctx.tenantId).selectAll().execute();\n`;
    expect(find(raw).map((v) => v.line)).toEqual([2, 2]);
    expect(find(`const all = (db: Kysely<Database>) => db;`)).toHaveLength(1);
    expect(find(`const q = tenantScoped(db, ctx, 'wh_sku');`)).toHaveLength(1);
  });

  it('passes module code that uses the tenant database', () => {
    const good = `export const list = (kernel: Kernel, ctx: Ctx) =>\n  kernel.tenantDb(ctx).selectFrom('wh_sku').selectAll().execute();\n`;
    expect(find(good)).toEqual([]);
  });

  it('fails a new file or a file that grew, allows the baseline and the named platform code', () => {
    const root = tree(
      {
        [`${M}/warehouse/carrier/carrier.repo.ts`]: `db.selectFrom('wh_carrier').where('tenant_id', '=', 1)`,
        [`${M}/warehouse/sku/sku.repo.ts`]: `tenantScoped(db, ctx, 'wh_sku'); tenantScoped(db, ctx, 'wh_sku');`,
        [`${M}/warehouse/area/area.repo.ts`]: `tenantScoped(db, ctx, 'wh_area');`,
        [`${M}/system/tenant/tenant.repo.ts`]: `db.selectFrom('sys_user').where('tenant_id', '=', id)`,
        [`${M}/warehouse/sku/sku.test.ts`]: `where('tenant_id', '=', 1)`,
      },
      { [`${M}/warehouse/sku/sku.repo.ts`]: 1, [`${M}/warehouse/area/area.repo.ts`]: 1 },
    );
    const { problems } = run(root);
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      `${M}/warehouse/carrier/carrier.repo.ts`,
      `${M}/warehouse/sku/sku.repo.ts`,
    ]);
  });

  it('passes on the repository as it is', () => {
    expect(run().problems).toEqual([]);
  });
});
