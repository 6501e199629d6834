import { describe, expect, expectTypeOf, it } from 'vitest';
import * as enums from './enums';
import { AccountType, ALL_ENUMS, MenuType, Status, StatusEnum } from './enums';

describe('enumeration values', () => {
  it('are derived from the members: every name with its value, in member order', () => {
    expect(Status).toEqual({ enabled: 1, disabled: 2 });
    expect(Object.entries(AccountType)).toEqual([
      ['superAdmin', 999],
      ['sysAdmin', 888],
      ['normalUser', 777],
      ['member', 666],
    ]);
    for (const def of ALL_ENUMS) {
      const values = (enums as Record<string, unknown>)[def.code.replace(/Enum$/, '')];
      expect(values, def.code).toEqual(Object.fromEntries(def.members.map((m) => [m.name, m.value])));
    }
  });

  it('keep the literal type of each value', () => {
    expectTypeOf(Status).toEqualTypeOf<{ readonly enabled: 1; readonly disabled: 2 }>();
    expectTypeOf(MenuType.button).toEqualTypeOf<3>();
    expectTypeOf(StatusEnum.members[0].value).toEqualTypeOf<1>();
  });
});
