import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { sysFile } from '@shelfwise/contract';
import { Button, DatePicker, Grid, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type FieldConfig } from '../../components/crud';
import { downloadFile, type FileRow } from './file.api';
import { canPreview, FilePreview } from './file-preview';
import { FileUploadDialog } from './file-upload-dialog';
import './file.texts';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const BIZ_TYPES = ['userAvatar', 'userSignature', 'warehouseFloorPlan', 'inventoryLinePicture', 'tenantLogo'] as const;

/** A size in bytes as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type Filters = Record<string, unknown> & {
  range?: [Dayjs | null, Dayjs | null] | null;
  sizeMin?: number | null;
  sizeMax?: number | null;
};

/** The search form's values as the API's filters: the time range as start / end, sizes from KB to bytes. */
function toFilters({ range, sizeMin, sizeMax, ...rest }: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = { ...rest };
  if (range?.[0]) out.startTime = range[0].format(TIME);
  if (range?.[1]) out.endTime = range[1].format(TIME);
  if (typeof sizeMin === 'number') out.sizeMin = Math.round(sizeMin * 1024);
  if (typeof sizeMax === 'number') out.sizeMax = Math.round(sizeMax * 1024);
  return out;
}

/**
 * Files (`sysFile`): every stored file of the tenant (uploads of this page, avatars, floor plans, count-line
 * pictures, logos) with the record that uses it; upload with progress, preview of pictures and PDF, download
 * through short-lived links, rename, and delete (refused by the server while a record uses the file).
 */
export default function FilePage() {
  const { t } = useTranslation('file');
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<FileRow | null>(null);
  // on a phone the row's links are icons with tooltips: the file name keeps the room
  const narrow = Grid.useBreakpoint().md === false;
  const bizLabel = (v: string | null) => (v ? (t(`bizTypes.${v}`, { defaultValue: v }) as string) : t('notUsed'));

  const searchFields: FieldConfig[] = [
    { name: 'fileName', label: t('fileName') },
    {
      name: 'kind',
      label: t('kind'),
      type: 'select',
      options: (['image', 'pdf', 'other'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) })),
    },
    { name: 'uploader', label: t('uploader') },
    {
      name: 'range',
      label: t('timeRange'),
      render: () => (
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          style={{ width: '100%' }}
          placeholder={[t('start'), t('end')]}
        />
      ),
    },
    { name: 'sizeMin', label: t('sizeMin'), type: 'number' },
    { name: 'sizeMax', label: t('sizeMax'), type: 'number' },
    {
      name: 'bizType',
      label: t('bizType'),
      type: 'select',
      options: BIZ_TYPES.map((b) => ({ value: b, label: bizLabel(b) })),
    },
  ];

  const columns: CrudColumn<FileRow>[] = [
    {
      key: 'fileName',
      title: t('fileName'),
      dataIndex: 'fileName',
      sortField: 'fileName',
      ellipsis: true,
      render: (v: string, row) =>
        canPreview(row) ? (
          <Typography.Link onClick={() => setPreviewing(row)} data-testid={`file-name-${row.id}`}>
            {v}
          </Typography.Link>
        ) : (
          v
        ),
    },
    { key: 'contentType', title: t('contentType'), dataIndex: 'contentType', width: 150 },
    {
      key: 'size',
      title: t('size'),
      dataIndex: 'size',
      sortField: 'size',
      align: 'right',
      width: 110,
      exportValue: (r) => r.size,
      render: (v: number) => formatSize(v),
    },
    {
      key: 'bizType',
      title: t('bizType'),
      dataIndex: 'bizType',
      width: 170,
      exportValue: (r) => bizLabel(r.bizType),
      render: (v: string | null, row) =>
        v ? (
          <Tooltip title={`${t('bizId')}: ${row.bizId}`}>
            <Tag color="blue">{bizLabel(v)}</Tag>
          </Tooltip>
        ) : (
          <Tag>{t('notUsed')}</Tag>
        ),
    },
    { key: 'uploader', title: t('uploader'), dataIndex: 'uploader', width: 160 },
    { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    {
      key: 'sha256',
      title: t('sha256'),
      dataIndex: 'sha256',
      ellipsis: true,
      width: 140,
      hiddenByDefault: true,
      render: (v: string | null) => (v ? <Typography.Text code>{v.slice(0, 12)}…</Typography.Text> : ''),
    },
  ];

  const formFields: FieldConfig[] = [
    {
      name: 'fileName',
      label: t('fileName'),
      required: true,
      maxLength: 255,
      rules: [{ pattern: /^(?!.*\.\.)[^\\/]+$/, message: t('fileNameRule') }],
    },
  ];

  return (
    <>
      <CrudPage
        service={sysFile}
        pageKey="platform.file"
        title={t('title')}
        searchFields={searchFields}
        toFilters={toFilters}
        columns={columns}
        form={{ fields: formFields, addTitle: t('add'), editTitle: t('edit'), width: 520 }}
        rowName={(row) => row.fileName}
        rowActions={(row) => (
          <>
            {canPreview(row) && (
              <Tooltip title={narrow ? t('preview') : undefined}>
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => setPreviewing(row)}
                  aria-label={t('preview')}
                  data-testid={`file-preview-${row.id}`}
                >
                  {narrow ? null : t('preview')}
                </Button>
              </Tooltip>
            )}
            <Auth code="sysFile:downloadFile">
              <Tooltip title={narrow ? t('download') : undefined}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => downloadFile(row)}
                  aria-label={t('download')}
                >
                  {narrow ? null : t('download')}
                </Button>
              </Tooltip>
            </Auth>
          </>
        )}
        toolbarExtra={
          <Auth code="sysFile:uploadFile">
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setUploading(true)}
              data-testid="file-upload"
            >
              {t('upload')}
            </Button>
          </Auth>
        }
        toolbarFirst
        compactActions
        clientExport={t('exportName')}
        testId="file"
      />
      <FileUploadDialog open={uploading} onClose={() => setUploading(false)} />
      <FilePreview row={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
