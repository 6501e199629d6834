import { sysDictData } from '@shelfwise/contract';
import { Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, CrudPage, type FieldConfig, statusColumn, TAG_COLORS } from '../../components/crud';
import { type DictDataRow, type DictTypeRow, dictKeys, useSetDictDataStatus } from './dict.api';

const TAG_TYPES = ['primary', 'success', 'info', 'warning', 'danger'] as const;

/** The values of the selected dictionary type: label shown as a tag of its tag type. */
export function DictDataPanel({ type }: { type?: DictTypeRow }) {
  const { t } = useTranslation('platform');
  const { t: tc } = useTranslation('crud');
  const setStatus = useSetDictDataStatus();
  const isEnum = !!type?.code.endsWith('Enum');

  const tagOptions = TAG_TYPES.map((v) => ({ value: v, label: <Tag color={TAG_COLORS[v]}>{t(`dict.tag.${v}`)}</Tag> }));
  const columns: CrudColumn<DictDataRow>[] = [
    {
      key: 'label',
      title: t('dict.label'),
      dataIndex: 'label',
      sortField: 'label',
      render: (v: string, row) => (
        <Tag color={TAG_COLORS[row.tagType]} className={row.classSetting ?? undefined}>
          {v}
        </Tag>
      ),
    },
    {
      key: 'value',
      title: t('dict.value'),
      dataIndex: 'value',
      sortField: 'value',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { key: 'code', title: t('dict.code'), dataIndex: 'code', hiddenByDefault: true },
    {
      key: 'tagType',
      title: t('dict.tagType'),
      dataIndex: 'tagType',
      render: (v: string) => t(`dict.tag.${v}`),
    },
    statusColumn({
      title: t('common.status'),
      enabledText: tc('enabled'),
      disabledText: tc('disabled'),
      code: 'sysDictData:setStatus',
      onChange: (row, status) => setStatus.mutate({ id: row.id, status }),
      busyId: setStatus.isPending ? (setStatus.variables as { id?: number } | undefined)?.id : undefined,
    }),
    { key: 'orderNo', title: t('common.orderNo'), dataIndex: 'orderNo', sortField: 'orderNo', align: 'right' },
    { key: 'remark', title: t('common.remark'), dataIndex: 'remark', ellipsis: true, hiddenByDefault: true },
  ];

  const fields: FieldConfig[] = [
    { name: 'label', label: t('dict.label'), required: true, span: 12, maxLength: 128 },
    {
      name: 'value',
      label: t('dict.value'),
      required: true,
      span: 12,
      maxLength: 128,
      extra: isEnum ? t('dict.enumValueHint') : undefined,
      rules: isEnum ? [{ pattern: /^-?\d+$/, message: t('dict.enumValueRule') }] : [],
    },
    { name: 'code', label: t('dict.code'), span: 12, maxLength: 64 },
    { name: 'tagType', label: t('dict.tagType'), type: 'select', span: 12, options: tagOptions },
    { name: 'styleSetting', label: t('dict.style'), span: 12, placeholder: 'color: #0F59A4', maxLength: 512 },
    { name: 'classSetting', label: t('dict.class'), span: 12, maxLength: 256 },
    {
      name: 'status',
      label: t('common.status'),
      type: 'radio',
      span: 12,
      options: [
        { label: tc('enabled'), value: 1 },
        { label: tc('disabled'), value: 2 },
      ],
    },
    { name: 'orderNo', label: t('common.orderNo'), type: 'number', span: 12 },
    { name: 'remark', label: t('common.remark'), type: 'textarea', maxLength: 256 },
    { name: 'extData', label: t('dict.extData'), type: 'textarea', maxLength: 4000 },
  ];

  if (!type)
    return (
      <Card size="small" style={{ height: '100%' }}>
        <Empty style={{ marginTop: 80 }} description={t('dict.pickType')} />
      </Card>
    );

  return (
    <CrudPage
      service={sysDictData}
      pageKey="platform.dictData"
      title={
        <span>
          {t('dict.valuesOf', { name: type.name })} <Typography.Text code>{type.code}</Typography.Text>
        </span>
      }
      bare
      filter={{ dictTypeId: type.id }}
      searchFields={[
        { name: 'label', label: t('dict.label') },
        { name: 'value', label: t('dict.value') },
      ]}
      searchColProps={{ xs: 24, md: 8 }}
      columns={columns}
      rowName={(r) => r.label}
      form={{
        fields,
        addTitle: t('dict.addValue'),
        editTitle: t('dict.editValue'),
        defaults: { tagType: 'primary', status: 1, orderNo: 100 },
        toInput: (v) => ({ ...v, dictTypeId: type.id, orderNo: v.orderNo ?? 100 }),
      }}
      clientExport={`dictionary-${type.code}`}
      alsoInvalidates={dictKeys.allDictList}
      testId="dict-data"
    />
  );
}
