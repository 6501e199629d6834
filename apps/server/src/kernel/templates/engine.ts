/**
 * A small logic-less text template engine (a subset of Mustache): `{{ name }}`, dotted paths `{{ order.customer.name }}`,
 * sections `{{# items }}...{{/ items }}` (a list repeats its body per item, an object or `true` renders it once with
 * that value in scope), inverted sections `{{^ items }}...{{/ items }}` and comments `{{! ... }}`. Every value is
 * HTML-escaped; there is no raw form, no partials, no lambdas and no delimiter change.
 *
 * Why not a library: Mustache.js looks names up with `in` and calls functions it finds, so `{{constructor}}` renders
 * `[object Object]` and `{{a.constructor.name}}` renders `Object`; Handlebars and Eta compile templates with
 * `new Function`. Here a template is parsed into a tree once, and a name is only ever an own property of a plain
 * object or an index of an array that the caller handed in: nothing is called, nothing of a prototype is reachable,
 * and the names `__proto__`, `constructor` and `prototype` are refused when the template is parsed.
 * (docs/architecture.md#text-templates)
 */

/** The largest template accepted, in bytes of UTF-8. */
export const TEMPLATE_MAX_BYTES = 100 * 1024;
/** The largest text a render may produce, in characters (a loop over a big list stops here). */
export const RENDER_MAX_CHARS = 2 * 1024 * 1024;
/** How deep sections may nest. */
export const SECTION_MAX_DEPTH = 16;

/** Why a template cannot be used; `code` is a message key, `params` fill it. */
export class TemplateError extends Error {
  constructor(
    readonly code:
      | 'template_too_large'
      | 'template_unclosed_tag'
      | 'template_bad_tag'
      | 'template_forbidden_name'
      | 'template_unclosed_section'
      | 'template_unexpected_close'
      | 'template_too_deep'
      | 'template_output_too_large',
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'var'; path: string[]; name: string }
  | { kind: 'section'; path: string[]; name: string; inverted: boolean; children: Node[] };

/** A parsed template. */
export interface CompiledTemplate {
  readonly nodes: readonly Node[];
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
// a name segment: an identifier (letters, digits, _ and -, not starting with a digit or -) or an array index
const SEGMENT = /^(?:[A-Za-z_][\w-]*|\d+)$/;

const lineOf = (source: string, at: number) => source.slice(0, at).split('\n').length;

function parsePath(raw: string, source: string, at: number): string[] {
  if (raw === '.') return [];
  const parts = raw.split('.');
  for (const p of parts) {
    if (FORBIDDEN.has(p)) throw new TemplateError('template_forbidden_name', { name: raw, line: lineOf(source, at) });
    if (!SEGMENT.test(p)) throw new TemplateError('template_bad_tag', { tag: raw, line: lineOf(source, at) });
  }
  return parts;
}

/** Parses a template; throws a `TemplateError` for a template too large or malformed. */
export function compileTemplate(source: string): CompiledTemplate {
  if (Buffer.byteLength(source, 'utf8') > TEMPLATE_MAX_BYTES) {
    throw new TemplateError('template_too_large', { max: TEMPLATE_MAX_BYTES / 1024 });
  }
  const root: Node[] = [];
  const stack: { name: string; at: number; children: Node[] }[] = [];
  let out = root;
  let pos = 0;
  while (pos < source.length) {
    const open = source.indexOf('{{', pos);
    if (open < 0) break;
    if (open > pos) out.push({ kind: 'text', text: source.slice(pos, open) });
    const close = source.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError('template_unclosed_tag', { line: lineOf(source, open) });
    const inner = source.slice(open + 2, close).trim();
    pos = close + 2;
    const sigil = inner[0];
    if (sigil === '!') continue;
    const body = sigil === '#' || sigil === '^' || sigil === '/' ? inner.slice(1).trim() : inner;
    const shown = body.slice(0, 64);
    const path = parsePath(body, source, open);
    if (sigil === '#' || sigil === '^') {
      if (body === '.') throw new TemplateError('template_bad_tag', { tag: shown, line: lineOf(source, open) });
      if (stack.length >= SECTION_MAX_DEPTH) throw new TemplateError('template_too_deep', { max: SECTION_MAX_DEPTH });
      const section: Node = { kind: 'section', path, name: body, inverted: sigil === '^', children: [] };
      out.push(section);
      stack.push({ name: body, at: open, children: out });
      out = section.children;
    } else if (sigil === '/') {
      const top = stack.pop();
      if (!top || top.name !== body) {
        throw new TemplateError('template_unexpected_close', { name: shown, line: lineOf(source, open) });
      }
      out = top.children;
    } else {
      out.push({ kind: 'var', path, name: body });
    }
  }
  if (pos < source.length) out.push({ kind: 'text', text: source.slice(pos) });
  const unclosed = stack.pop();
  if (unclosed) {
    throw new TemplateError('template_unclosed_section', {
      name: unclosed.name.slice(0, 64),
      line: lineOf(source, unclosed.at),
    });
  }
  return { nodes: root };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** One step down: an own property of a plain object or an index of an array, nothing else. */
function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  if (isPlainObject(value) && Object.hasOwn(value, key)) return value[key];
  return undefined;
}

/** The value of a path: its first name from the innermost scope that has it, the rest below that. */
function lookup(scopes: readonly unknown[], path: readonly string[]): unknown {
  if (path.length === 0) return scopes[scopes.length - 1];
  const [first = '', ...rest] = path;
  for (let i = scopes.length - 1; i >= 0; i--) {
    const scope = scopes[i];
    const has = Array.isArray(scope) ? /^\d+$/.test(first) : isPlainObject(scope) && Object.hasOwn(scope, first);
    if (!has) continue;
    let v = child(scope, first);
    for (const key of rest) v = child(v, key);
    return v;
  }
  return undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes a text. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** What a value prints: text, numbers and booleans; nothing for lists, objects, null and the rest. */
function printable(v: unknown): string {
  if (typeof v === 'string') return escapeHtml(v);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return '';
}

const truthy = (v: unknown) => (Array.isArray(v) ? v.length > 0 : Boolean(v));

/** Renders a parsed template with data; throws `template_output_too_large` past `RENDER_MAX_CHARS`. */
export function renderCompiled(template: CompiledTemplate, data: unknown): string {
  const parts: string[] = [];
  let size = 0;
  const emit = (s: string) => {
    size += s.length;
    if (size > RENDER_MAX_CHARS) {
      throw new TemplateError('template_output_too_large', { max: RENDER_MAX_CHARS / 1024 / 1024 });
    }
    parts.push(s);
  };
  const walk = (nodes: readonly Node[], scopes: unknown[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') emit(node.text);
      else if (node.kind === 'var') emit(printable(lookup(scopes, node.path)));
      else {
        const v = lookup(scopes, node.path);
        if (node.inverted) {
          if (!truthy(v)) walk(node.children, scopes);
        } else if (Array.isArray(v)) {
          for (const item of v) walk(node.children, [...scopes, item]);
        } else if (truthy(v)) walk(node.children, [...scopes, v]);
      }
    }
  };
  walk(template.nodes, [data]);
  return parts.join('');
}

/** Parses and renders in one step. */
export function renderTemplate(source: string, data: unknown): string {
  return renderCompiled(compileTemplate(source), data);
}

/**
 * What a sample value tells about the names a template may use: an object's own keys, and for a list the keys of
 * any of its items (merged), so `{{# lines }}{{ qty }}{{/ lines }}` is known when some line has a `qty`.
 */
type Shape = { keys: Map<string, Shape>; list: Shape | null };

function shapeOf(value: unknown, depth = 0): Shape {
  const shape: Shape = { keys: new Map(), list: null };
  if (depth > 32) return shape;
  if (Array.isArray(value)) {
    const item: Shape = { keys: new Map(), list: null };
    for (const v of value) merge(item, shapeOf(v, depth + 1));
    shape.list = item;
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) if (!FORBIDDEN.has(k)) shape.keys.set(k, shapeOf(v, depth + 1));
  }
  return shape;
}

function merge(into: Shape, from: Shape) {
  for (const [k, s] of from.keys) {
    const mine = into.keys.get(k);
    if (mine) merge(mine, s);
    else into.keys.set(k, s);
  }
  if (from.list) {
    if (into.list) merge(into.list, from.list);
    else into.list = from.list;
  }
}

const stepShape = (shape: Shape, key: string): Shape | undefined =>
  /^\d+$/.test(key) && shape.list ? shape.list : shape.keys.get(key);

function shapeAt(scopes: readonly Shape[], path: readonly string[]): Shape | undefined {
  if (path.length === 0) return scopes[scopes.length - 1];
  const [first = '', ...rest] = path;
  for (let i = scopes.length - 1; i >= 0; i--) {
    let s = stepShape(scopes[i] as Shape, first);
    if (!s) continue;
    for (const key of rest) {
      s = s ? stepShape(s, key) : undefined;
    }
    return s;
  }
  return undefined;
}

/**
 * The names a template uses that the sample data does not have, in the order they first appear (each once). Inside
 * a section over a list, names are looked up in the list's items first, then outside, as rendering does.
 */
export function unknownNames(template: CompiledTemplate, sample: unknown): string[] {
  const unknown = new Set<string>();
  const walk = (nodes: readonly Node[], scopes: Shape[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') continue;
      const s = shapeAt(scopes, node.path);
      if (!s) unknown.add(node.name);
      if (node.kind === 'section') {
        const inner = s ? (s.list ?? s) : { keys: new Map(), list: null };
        walk(node.children, node.inverted ? scopes : [...scopes, inner]);
      }
    }
  };
  walk(template.nodes, [shapeOf(sample)]);
  return [...unknown];
}
