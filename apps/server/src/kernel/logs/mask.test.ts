import { describe, expect, it } from 'vitest';
import { changedFields } from './log-service';
import { cut, MASK, maskedJson, maskValue } from './mask';

describe('maskValue', () => {
  it('masks secret keys at any depth, in any spelling, and leaves other values alone', () => {
    const input = {
      account: 'alice',
      password: 'P4ss-word',
      newPassword: 'x1',
      old_pwd: 'x2',
      profile: {
        idCardNum: '110101199003070000',
        id_card_num: '1',
        email: 'a@b.c',
        signature: 'data:image/png;base64,AAAA',
      },
      list: [
        { accessToken: 'eyJ', refreshToken: 'eyK' },
        { clientSecret: 's', apiKey: 'k', sign: 'abc' },
      ],
      captchaCode: '1234',
      smsCode: '567890',
      Authorization: 'Bearer x',
      passport: 'E1234',
      code: 'sys_captcha',
    };
    expect(maskValue(input)).toEqual({
      account: 'alice',
      password: MASK,
      newPassword: MASK,
      old_pwd: MASK,
      profile: { idCardNum: MASK, id_card_num: MASK, email: 'a@b.c', signature: MASK },
      list: [
        { accessToken: MASK, refreshToken: MASK },
        { clientSecret: MASK, apiKey: MASK, sign: MASK },
      ],
      captchaCode: MASK,
      smsCode: MASK,
      Authorization: MASK,
      passport: 'E1234',
      code: 'sys_captcha',
    });
  });

  it('masks a code next to a codeId (a captcha answer), not a record code', () => {
    expect(maskValue({ codeId: 'c1', code: '42' })).toEqual({ codeId: 'c1', code: MASK });
    expect(maskValue({ code: 'Colour', name: 'n' })).toEqual({ code: 'Colour', name: 'n' });
  });

  it('keeps empty secrets visible as empty (nothing was sent)', () => {
    expect(maskValue({ password: '', token: null })).toEqual({ password: '', token: null });
  });

  it('cuts long strings, long arrays and deep nesting', () => {
    const out = maskValue({
      logo: `data:image/png;base64,${'A'.repeat(10_000)}`,
      items: Array.from({ length: 60 }, (_, i) => i),
      deep: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } },
    }) as { logo: string; items: unknown[]; deep: unknown };
    expect(out.logo.length).toBeLessThan(600);
    expect(out.logo).toMatch(/…\(10022 chars\)$/);
    expect(out.items).toHaveLength(51);
    expect(out.items.at(-1)).toBe('…(60 items)');
    expect(JSON.stringify(out.deep)).toBe('{"a":{"b":{"c":{"d":{"e":"…"}}}}}');
  });

  it('gives JSON of at most the size asked for', () => {
    const text = maskedJson({ rows: Array.from({ length: 40 }, () => 'x'.repeat(300)) }, 4096);
    expect(text?.length).toBe(4096);
    expect(text).toMatch(/…\(truncated, \d+ chars\)$/);
    expect(maskedJson(undefined)).toBeNull();
    expect(maskedJson([1, { password: 'p' }])).toBe('[1,{"password":"***"}]');
    expect(cut('short', 10)).toBe('short');
  });
});

describe('changedFields', () => {
  it('names the fields that differ, without the audit columns', () => {
    expect(
      changedFields(
        { a: 1, b: 'x', c: null, updated_at: 1, updated_by: 2 },
        { a: 1, b: 'y', c: 0, d: true, updated_at: 5, updated_by: 3 },
      ),
    ).toEqual(['b', 'c', 'd']);
    expect(changedFields(null, { a: 1 })).toEqual(['a']);
    expect(changedFields({ a: 1 }, undefined)).toEqual(['a']);
  });
});
