import { z } from 'zod';
import type { EnumDef } from '../enum-types';

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;
const norm = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/\s+/g, '');

/**
 * A number cell of an import sheet, checked by `inner` (a field schema of the entity): empty is null, numeric text
 * is its number, anything else is refused with the message key `not_a_number`.
 */
export const zNumberCell = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v, ctx) => {
    if (isEmpty(v)) return null;
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (Number.isFinite(n)) return n;
    ctx.addIssue({ code: 'custom', message: 'not_a_number', input: v });
    return z.NEVER;
  }, inner);

/**
 * A dictionary cell of an import sheet, checked by `inner`: empty is undefined (the field's default applies); the
 * value (`1`), the name (`heavy`) or a label in any language (`Heavy duty`, `重型货架`) is the member's value, as is
 * the unique member whose label starts with the text (`重型`). Anything else is refused with the message key `error`.
 */
export const zChoiceCell = <T extends z.ZodType>(def: EnumDef, error: string, inner: T) =>
  z.preprocess((v, ctx) => {
    if (isEmpty(v)) return undefined;
    const text = norm(v);
    const names = (m: EnumDef['members'][number]) => [String(m.value), m.name, ...Object.values(m.label)].map(norm);
    const exact = def.members.find((m) => names(m).includes(text));
    if (exact) return exact.value;
    const prefixed = text.length >= 2 ? def.members.filter((m) => names(m).some((n) => n.startsWith(text))) : [];
    if (prefixed.length === 1) return prefixed[0]?.value;
    ctx.addIssue({ code: 'custom', message: error, input: v });
    return z.NEVER;
  }, inner);

/** An optional text cell that falls back to the field's default when empty. */
export const zDefaultCell = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (isEmpty(v) ? undefined : v), inner);
