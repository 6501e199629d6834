import type { EnumDef } from '@shelfwise/contract';
import { NoticeStatusEnum, NoticeTypeEnum } from '@shelfwise/contract/enums';
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

/** A value of a shared enumeration as a coloured tag with its translated label. */
function EnumTag({ def, value }: { def: EnumDef; value: number }) {
  const { t } = useTranslation('dict');
  const member = def.members.find((m) => m.value === value);
  return (
    <Tag color={COLORS[member?.tagType ?? 'info']}>{t(`${def.code}_${value}`, member?.label.en ?? String(value))}</Tag>
  );
}

/** The type of a notice (notice / announcement) as a tag. */
export const noticeTypeTag = (value: number) => <EnumTag def={NoticeTypeEnum} value={value} />;
/** The state of a notice (draft / published / withdrawn) as a tag. */
export const noticeStatusTag = (value: number) => <EnumTag def={NoticeStatusEnum} value={value} />;

/** Options of a select or radio group of an enumeration, in the UI language. */
export function useEnumOptions(def: EnumDef) {
  const { t } = useTranslation('dict');
  return def.members.map((m) => ({ value: m.value, label: t(`${def.code}_${m.value}`, m.label.en) }));
}
