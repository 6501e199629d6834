import { DownloadOutlined, FolderOpenOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { downloadCsvText, stampedName } from '../snapshot/report-files';
import { classifyFiles, type ReportLine, reportCsv, reportSummary, runPool, UPLOAD_CONCURRENCY } from './folder-upload';
import { type SubTaskRow, uploadFolderFile, useAfterFolderUpload } from './subtask.api';
import '../inventory.texts';

const STATUS_COLOR: Record<ReportLine['status'], string> = {
  location: 'success',
  item: 'processing',
  none: 'warning',
  skipped: 'default',
  failed: 'error',
};

type Filter = 'all' | 'matched' | 'unmatched';

/**
 * The folder upload of a sub-task: pick a folder, its jpg/png photos go up three at a time to be matched by file name
 * (`<location>.jpg`, `<location>_<sku>.jpg`), with a progress bar and a report of what matched and what did not (and
 * why), downloadable as .csv.
 */
export function FolderUploadDialog({ subTask, onClose }: { subTask: SubTaskRow | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const input = useRef<HTMLInputElement>(null);
  const afterUpload = useAfterFolderUpload();
  const [lines, setLines] = useState<ReportLine[]>([]);
  const [toSend, setToSend] = useState(0);
  const [done, setDone] = useState(0);
  const [running, setRunning] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    // the directory attributes are not in React's typings
    input.current?.setAttribute('webkitdirectory', '');
    input.current?.setAttribute('directory', '');
  });

  const reset = () => {
    setLines([]);
    setToSend(0);
    setDone(0);
    setFilter('all');
  };
  const close = () => {
    abort.current?.abort();
    reset();
    onClose();
  };
  const skipText = (reason: string) => t(`subTask.folder.skip.${reason}`);

  const start = async (files: File[]) => {
    if (!subTask || files.length === 0) return;
    reset();
    const picked = files.map((f) => Object.assign(f, { path: f.webkitRelativePath || f.name }));
    const { send, skipped } = classifyFiles(picked);
    const base: ReportLine[] = skipped.map(({ file, reason }) => ({
      file: file.path,
      status: 'skipped',
      locationCode: null,
      skuCode: null,
      itemCount: 0,
      reason: skipText(reason),
    }));
    setLines(base);
    setToSend(send.length);
    if (send.length === 0) return;
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    await runPool(
      send,
      UPLOAD_CONCURRENCY,
      (f) => uploadFolderFile(subTask.id, f, f.name),
      (f, outcome) => {
        const line: ReportLine =
          outcome.status === 'fulfilled'
            ? {
                file: f.path,
                status: outcome.value.matched,
                locationCode: outcome.value.locationCode,
                skuCode: outcome.value.skuCode,
                itemCount: outcome.value.itemCount,
                reason: outcome.value.reason,
              }
            : {
                file: f.path,
                status: 'failed',
                locationCode: null,
                skuCode: null,
                itemCount: 0,
                reason: outcome.reason instanceof ApiError ? outcome.reason.message : t('subTask.folder.uploadFailed'),
              };
        setLines((prev) => [...prev, line]);
        setDone((n) => n + 1);
      },
      controller.signal,
    );
    setRunning(false);
    void afterUpload();
  };

  const summary = reportSummary(lines);
  const shown = useMemo(
    () =>
      lines.filter((l) =>
        filter === 'all'
          ? true
          : filter === 'matched'
            ? l.status === 'location' || l.status === 'item'
            : l.status !== 'location' && l.status !== 'item',
      ),
    [lines, filter],
  );
  const statusLabel = (s: ReportLine['status']) => t(`subTask.folder.status.${s}`);
  const download = () =>
    downloadCsvText(
      reportCsv(
        lines,
        {
          file: t('subTask.folder.file'),
          status: t('subTask.folder.result'),
          location: t('common.locationCode'),
          sku: t('common.sku'),
          items: t('subTask.folder.items'),
          reason: t('subTask.folder.reason'),
        },
        statusLabel,
      ),
      stampedName(`folder-upload-${subTask?.code ?? ''}`, 'csv'),
    );
  const pct = toSend ? Math.floor((done / toSend) * 100) : 0;
  const finished = !running && lines.length > 0;

  return (
    <Modal
      open={!!subTask}
      title={subTask ? t('subTask.folder.title', { code: subTask.code }) : ''}
      width={900}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      data-testid="folder-upload-dialog"
      footer={[
        running ? (
          <Button key="stop" icon={<StopOutlined />} onClick={() => abort.current?.abort()}>
            {t('subTask.folder.stop')}
          </Button>
        ) : null,
        finished ? (
          <Button key="download" icon={<DownloadOutlined />} onClick={download} data-testid="folder-download-report">
            {t('subTask.folder.downloadReport')}
          </Button>
        ) : null,
        <Button key="close" type={finished ? 'primary' : 'default'} onClick={close} disabled={running}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <Alert
        type="info"
        showIcon
        title={t('subTask.folder.hint')}
        description={t('subTask.folder.naming')}
        style={{ marginBottom: 16 }}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="folder-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void start(files);
        }}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Button
          type="primary"
          icon={<FolderOpenOutlined />}
          onClick={() => input.current?.click()}
          disabled={running}
          data-testid="folder-pick"
        >
          {lines.length ? t('subTask.folder.pickAgain') : t('subTask.folder.pick')}
        </Button>
        <Typography.Text type="secondary">{t('subTask.folder.rules')}</Typography.Text>
      </Space>
      {toSend || lines.length ? (
        <>
          <Progress
            percent={pct}
            status={running ? 'active' : summary.failed ? 'exception' : 'success'}
            format={() => `${done} / ${toSend}`}
            data-testid="folder-progress"
          />
          <Space size={32} style={{ margin: '12px 0', display: 'flex' }} wrap>
            <Statistic title={t('subTask.folder.files')} value={summary.total} />
            <Statistic
              title={t('subTask.folder.matched')}
              value={summary.matched}
              styles={{ content: { color: 'var(--ant-color-success)' } }}
            />
            <Statistic
              title={t('subTask.folder.notMatched')}
              value={summary.none}
              styles={{ content: { color: 'var(--ant-color-warning)' } }}
            />
            <Statistic title={t('subTask.folder.skipped')} value={summary.skipped} />
            <Statistic
              title={t('subTask.folder.failed')}
              value={summary.failed}
              styles={{ content: { color: summary.failed ? 'var(--ant-color-error)' : undefined } }}
            />
            <Statistic title={t('subTask.folder.pictures')} value={summary.pictures} />
          </Space>
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            style={{ marginBottom: 8 }}
            options={[
              { value: 'all', label: t('subTask.folder.filterAll') },
              { value: 'matched', label: t('subTask.folder.filterMatched') },
              { value: 'unmatched', label: t('subTask.folder.filterUnmatched') },
            ]}
          />
          <Table<ReportLine>
            size="small"
            rowKey={(l) => `${l.file}-${l.status}`}
            dataSource={shown}
            pagination={shown.length > 10 ? { pageSize: 10, size: 'small' } : false}
            data-testid="folder-report"
            columns={[
              { key: 'file', title: t('subTask.folder.file'), dataIndex: 'file', ellipsis: true },
              {
                key: 'status',
                title: t('subTask.folder.result'),
                dataIndex: 'status',
                width: 130,
                render: (s: ReportLine['status']) => <Tag color={STATUS_COLOR[s]}>{statusLabel(s)}</Tag>,
              },
              { key: 'location', title: t('common.locationCode'), dataIndex: 'locationCode', width: 140 },
              { key: 'sku', title: t('common.sku'), dataIndex: 'skuCode', width: 120 },
              { key: 'items', title: t('subTask.folder.items'), dataIndex: 'itemCount', width: 80, align: 'right' },
              { key: 'reason', title: t('subTask.folder.reason'), dataIndex: 'reason', ellipsis: true },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
