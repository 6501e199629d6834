import { describe, expect, it } from 'vitest';
import { changedFields } from './log-service';
import { cut, MASK, maskedJson, maskValue } from './mask';
import { parseUserAgent } from './user-agent';

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

describe('parseUserAgent', () => {
  const cases: [string, string | null, string | null][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge 126',
      'Windows 10/11',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari 17',
      'macOS 10.15',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari 17',
      'iOS 17.4',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome 120',
      'iPadOS 16.6',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
      'Chrome 125',
      'Android 14',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
      'WeChat 8',
      'Android 13',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
      'Headless Chrome 130',
      'Linux',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127', 'Ubuntu'],
    ['Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', 'Internet Explorer 11', 'Windows 7'],
    ['curl/8.5.0', 'curl 8.5.0', null],
    ['lightMyRequest', 'Node.js', null],
    ['something else entirely', null, null],
  ];
  it.each(cases)('%s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });
  it('gives nothing for no user agent', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(parseUserAgent('')).toEqual({ browser: null, os: null });
  });
});
