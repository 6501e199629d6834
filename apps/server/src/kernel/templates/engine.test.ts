import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  RENDER_MAX_CHARS,
  renderTemplate,
  TEMPLATE_MAX_BYTES,
  TemplateError,
  unknownNames,
} from './engine';

const refused = (source: string, code: string) => {
  try {
    compileTemplate(source);
  } catch (e) {
    expect(e).toBeInstanceOf(TemplateError);
    expect((e as TemplateError).code).toBe(code);
    return (e as TemplateError).params;
  }
  throw new Error(`not refused: ${source}`);
};
const unknown = (source: string, sample: unknown) => unknownNames(compileTemplate(source), sample);

describe('text templates', () => {
  it('fills names and dotted paths, escaping HTML', () => {
    const data = { name: '<b>Ann & "Bob"</b>', order: { no: 42, lines: [{ sku: 'A' }, { sku: 'B' }] }, ok: true };
    expect(renderTemplate('Hi {{ name }}, order {{order.no}} ({{ok}})', data)).toBe(
      'Hi &lt;b&gt;Ann &amp; &quot;Bob&quot;&lt;/b&gt;, order 42 (true)',
    );
    expect(renderTemplate('{{ a }}', { a: "it's" })).toBe('it&#39;s');
    expect(renderTemplate('{{order.lines.1.sku}}', data)).toBe('B');
    expect(renderTemplate('{{ missing }}|{{ order.missing.deeper }}|{{ order }}', data)).toBe('||');
  });

  it('repeats sections over lists, renders objects once and inverted sections when empty', () => {
    const data = {
      who: 'x',
      lines: [{ sku: 'A', qty: 1 }, { sku: 'B<' }],
      tags: ['t1', 't2'],
      none: [],
      box: { w: 3 },
    };
    expect(renderTemplate('{{#lines}}[{{sku}}:{{qty}}:{{who}}]{{/lines}}', data)).toBe('[A:1:x][B&lt;::x]');
    expect(renderTemplate('{{#tags}}{{.}},{{/tags}}', data)).toBe('t1,t2,');
    expect(renderTemplate('{{#none}}a{{/none}}{{^none}}empty{{/none}}{{^lines}}no{{/lines}}', data)).toBe('empty');
    expect(renderTemplate('{{#box}}w={{w}}{{/box}}{{! a comment }}', data)).toBe('w=3');
  });

  it('never reaches a prototype: such names are refused, inherited ones render nothing', () => {
    for (const source of [
      '{{constructor}}',
      '{{__proto__}}',
      '{{a.constructor.name}}',
      '{{#prototype}}x{{/prototype}}',
    ]) {
      refused(source, 'template_forbidden_name');
    }
    const data = { a: { b: 'x' }, s: 'text', list: [1] };
    for (const source of ['{{toString}}', '{{a.hasOwnProperty}}', '{{s.length}}', '{{list.length}}', '{{a.valueOf}}']) {
      expect(renderTemplate(source, data), source).toBe('');
    }
    expect(renderTemplate('{{#toString}}x{{/toString}}{{#a.__defineGetter__}}y{{/a.__defineGetter__}}', data)).toBe('');
    // an object with an own `__proto__` key (JSON.parse makes one) is not followed either
    expect(() => renderTemplate('{{__proto__.polluted}}', JSON.parse('{"__proto__":{"polluted":1}}'))).toThrow(
      TemplateError,
    );
    // a class instance (not plain data) shows nothing of itself
    expect(renderTemplate('{{d.getTime}}{{d}}', { d: new Date(0) })).toBe('');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports malformed tags with their line', () => {
    expect(refused('a\n{{ name', 'template_unclosed_tag')).toEqual({ line: 2 });
    expect(refused('{{#a}}\n{{#b}}{{/a}}', 'template_unexpected_close')).toEqual({ name: 'a', line: 2 });
    expect(refused('x\n{{#a}}y', 'template_unclosed_section')).toEqual({ name: 'a', line: 2 });
    refused('{{ a b }}', 'template_bad_tag');
    refused('{{{ raw }}}', 'template_bad_tag');
    refused('{{}}', 'template_bad_tag');
    refused(`${'{{#a}}'.repeat(17)}${'{{/a}}'.repeat(17)}`, 'template_too_deep');
  });

  it('renders a 100 KB template and refuses a bigger one', () => {
    const unit = 'Line {{ n }} of {{ name }}.\n';
    const big = unit.repeat(Math.floor(TEMPLATE_MAX_BYTES / unit.length));
    expect(Buffer.byteLength(big)).toBeLessThanOrEqual(TEMPLATE_MAX_BYTES);
    const out = renderTemplate(big, { n: 1, name: 'x' });
    expect(out.startsWith('Line 1 of x.\n')).toBe(true);
    expect(refused(`${big}${'x'.repeat(TEMPLATE_MAX_BYTES - big.length + 1)}`, 'template_too_large')).toEqual({
      max: 100,
    });
    // bytes, not characters: 40 000 Chinese characters are 120 000 bytes
    refused('模'.repeat(40_000), 'template_too_large');
  });

  it('stops an output that grows past its limit', () => {
    const data = { rows: Array.from({ length: 2000 }, () => ({})) };
    const source = `{{#rows}}${'x'.repeat(RENDER_MAX_CHARS / 1000)}{{/rows}}`;
    expect(() => renderTemplate(source, data)).toThrow(TemplateError);
  });

  it('names the placeholders the sample data does not know', () => {
    const sample = { name: 'Ann', order: { no: 1, lines: [{ sku: 'A' }, { qty: 2 }] } };
    expect(
      unknown('{{name}} {{order.no}} {{#order.lines}}{{sku}}{{qty}}{{name}}{{.}}{{/order.lines}}', sample),
    ).toEqual([]);
    expect(
      unknown('{{nme}} {{order.nr}} {{#order.lines}}{{price}}{{/order.lines}} {{nme}} {{^x}}{{/x}}', sample),
    ).toEqual(['nme', 'order.nr', 'price', 'x']);
    expect(unknown('{{name}}', null)).toEqual(['name']);
    expect(unknown('no placeholders', undefined)).toEqual([]);
  });
});
