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
