import type { I18nText } from './i18n';

/** Display style of a dictionary value (antd tag colours). */
export const TAG_TYPES = ['success', 'warning', 'info', 'primary', 'danger'] as const;
/** One of the five tag types. */
export type TagType = (typeof TAG_TYPES)[number];

/** One member of an enumeration: the number stored and sent, its stable name, its labels. */
export interface EnumMember {
  value: number;
  /** lowerCamel name used in code, e.g. `enabled`. */
  name: string;
  label: I18nText;
  tagType?: TagType;
}

/** An enumeration shared by server and client; seeded as a dictionary type whose code ends in `Enum`. */
export interface EnumDef {
  /** Dictionary type code, always ending in `Enum`, e.g. `StatusEnum`. */
  code: string;
  name: I18nText;
  members: readonly EnumMember[];
}

/** The values of an enumeration by member name, e.g. `{ enabled: 1, disabled: 2 }`, with their literal types. */
export type EnumValues<D extends EnumDef> = { readonly [M in D['members'][number] as M['name']]: M['value'] };

/**
 * The values of an enumeration by member name, derived from its members (so each enumeration is written once):
 * `Status.enabled` is `1`, typed as the literal `1`. Calls are marked pure where made, so that a bundle leaves out
 * the enumerations it does not use, as it did when the values were literals.
 */
export function enumValues<const D extends EnumDef>(def: D): EnumValues<D> {
  return Object.fromEntries(def.members.map((m) => [m.name, m.value])) as EnumValues<D>;
}
