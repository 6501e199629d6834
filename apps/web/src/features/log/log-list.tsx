import { EyeOutlined } from '@ant-design/icons';
import { sysLogDiff, sysLogEx, sysLogOp, sysLogVis } from '@shelfwise/contract';
import { Button, DatePicker, Descriptions, Drawer, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { LOG_SERVICES, type LogDetail, type LogKind, type LogRow, useLogDetail } from './log.api';
import { LogClearButton } from './log-clear-button';
import './log.texts';

type Filters = Record<string, unknown> & { range?: [Dayjs | null, Dayjs | null] | null };
const TIME = 'YYYY-MM-DD HH:mm:ss';
/** The contract service of each log. */
const CONTRACT = { vis: sysLogVis, op: sysLogOp, ex: sysLogEx, diff: sysLogDiff } as const;
// the four logs share their endpoints; the page is typed on one of them
type AnyLog = typeof sysLogOp;

/** The form's values as the API's filters: the time range becomes `startTime` / `endTime`. */
function toFilters({ range, ...rest }: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = { ...rest };
  if (range?.[0]) out.startTime = range[0].format(TIME);
  if (range?.[1]) out.endTime = range[1].format(TIME);
  return out;
}

/** Options of the outcome filter: succeeded (yes) or failed (no). */
export const outcomeOptions = (t: (key: string) => string) => [
  { value: 1, label: t('succeeded') },
  { value: 2, label: t('failed') },
];

/** The bordered one-column list a details drawer shows its fields in. */
export function LogDescriptions({ children }: { children: ReactNode }) {
  return (
    <Descriptions column={1} bordered size="small" styles={{ label: { width: 150 } }}>
      {children}
    </Descriptions>
  );
}

/** What one log page adds to the shared list: its filters, columns and how a row's details read. */
export interface LogListProps<K extends LogKind> {
  kind: K;
  /** Filters after the time range and the account. */
  fields: FieldConfig[];
  columns: CrudColumn<LogRow<K>>[];
  detail: (row: LogDetail<K>) => ReactNode;
  /** Drawer width (the diff needs room for two columns). */
  drawerSize?: number;
}

/**
 * A log page on the CRUD component: search (time range, account, the log's own filters), a paged table newest
 * first, a details drawer, export of the selected rows, the page or everything (an .xlsx from the server), and
 * clear with confirmation.
 */
export function LogList<K extends LogKind>({ kind, fields, columns, detail, drawerSize = 720 }: LogListProps<K>) {
  const { t } = useTranslation('log');
  const [openId, setOpenId] = useState<number>();
  const opened = useLogDetail(kind, openId);
  const service = LOG_SERVICES[kind];

  const searchFields: FieldConfig[] = [
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
    { name: 'account', label: t('account') },
    ...fields,
    { name: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
  ];

  return (
    <>
      <CrudPage<AnyLog>
        service={CONTRACT[kind] as AnyLog}
        pageKey={`log.${kind}`}
        title={t(`title.${kind}`)}
        searchFields={searchFields}
        toFilters={toFilters}
        columns={columns as unknown as CrudColumn<CrudRow<AnyLog>>[]}
        rowName={(row) => String(row.id)}
        rowActions={(row) => (
          <Auth code={`${service}:detail`}>
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(row.id)}>
              {t('details')}
            </Button>
          </Auth>
        )}
        toolbarExtra={<LogClearButton kind={kind} />}
        files={{ export: `${kind}-log` }}
        testId={`${kind}-log`}
      />
      <Drawer
        open={openId !== undefined}
        size={drawerSize}
        title={t(`detailTitle.${kind}`)}
        onClose={() => setOpenId(undefined)}
        destroyOnHidden
      >
        {opened.data ? detail(opened.data) : <Skeleton active />}
      </Drawer>
    </>
  );
}
