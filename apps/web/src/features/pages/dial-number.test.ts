import { describe, expect, it } from 'vitest';
import { groupForReading, parseDialNumber } from './dial-number';

describe('parseDialNumber', () => {
  it('reads numbers as people write them, with an extension', () => {
    expect(parseDialNumber('13800138000')).toEqual({ ok: true, display: '13800138000', href: 'tel:13800138000' });
    expect(parseDialNumber(' +86 138-0013-8000 ')).toMatchObject({ ok: true, href: 'tel:+8613800138000' });
    expect(parseDialNumber('(021) 5555.0101')).toMatchObject({ ok: true, href: 'tel:02155550101' });
    expect(parseDialNumber('0571-88886666,123')).toEqual({
      ok: true,
      display: '0571-88886666',
      ext: '123',
      href: 'tel:057188886666,123',
    });
    expect(parseDialNumber('+49 30 1234567 ext 55')).toMatchObject({ href: 'tel:+49301234567,55' });
    expect(parseDialNumber('110')).toMatchObject({ ok: true, href: 'tel:110' });
  });

  it('refuses what is not a phone number, and codes a phone would run', () => {
    expect(parseDialNumber(null)).toEqual({ ok: false, reason: 'missing' });
    expect(parseDialNumber('   ')).toEqual({ ok: false, reason: 'missing' });
    for (const bad of [
      '*#06#',
      '*21*13800138000#',
      '12',
      '1234567890123456',
      '+0123456',
      'javascript:alert(1)',
      'call me',
      '138 0013 8000; rm',
      '13800138000?',
      '<b>110</b>',
      `1${'0'.repeat(50)}`,
    ]) {
      expect(parseDialNumber(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('groups mainland mobile numbers 3-4-4 for reading', () => {
    expect(groupForReading('13800138000')).toBe('138 0013 8000');
    expect(groupForReading('+8613800138000')).toBe('+86 138 0013 8000');
    expect(groupForReading('021 5555 0101')).toBe('021 5555 0101');
  });
});
