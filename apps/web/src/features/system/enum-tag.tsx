import type { EnumDef } from '@shelfwise/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §4 tag types as antd Tag colours. */
const COLORS: Record<string, string> = {
  success: 'success',
  warning: 'warning',
  info: 'default',
  primary: 'processing',
  danger: 'error',
};

/** A value of a shared enumeration as a coloured tag with its translated label (nothing for null). */
export function EnumTag({ def, value }: { def: EnumDef; value: number | null | undefined }) {
  const { t } = useTranslation('dict');
  if (value === null || value === undefined) return null;
  const member = def.members.find((m) => m.value === value);
  return (
    <Tag color={COLORS[member?.tagType ?? 'info']}>{t(`${def.code}_${value}`, member?.label.en ?? String(value))}</Tag>
  );
}

/** The translated label of an enumeration value (for exports and texts). */
export function useEnumLabel(def: EnumDef) {
  const { t } = useTranslation('dict');
  return (value: number | null | undefined) => {
    if (value === null || value === undefined) return '';
    const member = def.members.find((m) => m.value === value);
    return t(`${def.code}_${value}`, member?.label.en ?? String(value));
  };
}

/** Options of a select or radio group of an enumeration, in the UI language (optionally only some values). */
export function useEnumOptions(def: EnumDef, only?: readonly number[]) {
  const { t } = useTranslation('dict');
  return def.members
    .filter((m) => !only || only.includes(m.value))
    .map((m) => ({ value: m.value, label: t(`${def.code}_${m.value}`, m.label.en) }));
}
