import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Modal, Result, Table, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { downloadCsv } from './export-csv';
import './crud.texts';

const XLSX_MAX_BYTES = 10 * 1024 * 1024;

/** What every import answers (docs/api-contract.md#paging-export-import-upload): counts and the rows that failed, with the reason. */
export interface ImportReport {
  total: number;
  succeeded: number;
  failed: number;
  errors: { row: number; message: string }[];
}

/** The outcome of an import: counts, the row errors (downloadable as CSV), and what the feature adds. */
function ImportOutcome<R extends ImportReport>({
  result,
  counts,
  extra,
  testId,
}: {
  result: R;
  counts: string;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('crud');
  const hasErrors = result.errors.length > 0;
  const errorsCsv = () =>
    downloadCsv(
      'import-results',
      [
        { title: t('import.row'), value: (r: ImportReport['errors'][number]) => r.row },
        { title: t('import.message'), value: (r: ImportReport['errors'][number]) => r.message },
      ],
      result.errors,
    );
  return (
    <div data-testid={testId}>
      <Result
        status={hasErrors ? (result.succeeded ? 'warning' : 'error') : 'success'}
        title={hasErrors ? t('import.withErrors') : t('import.done')}
        subTitle={counts}
        style={{ padding: '16px 0' }}
        extra={
          hasErrors ? (
            <Button icon={<DownloadOutlined />} onClick={errorsCsv}>
              {t('import.downloadResults')}
            </Button>
          ) : undefined
        }
      />
      {hasErrors ? (
        <Table
          size="small"
          rowKey={(r) => `${r.row}-${r.message}`}
          dataSource={result.errors}
          pagination={result.errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
          columns={[
            { key: 'row', title: t('import.row'), dataIndex: 'row', width: 80, align: 'right' },
            { key: 'message', title: t('import.message'), dataIndex: 'message' },
          ]}
        />
      ) : null}
      {extra}
    </div>
  );
}

/** Props of the import dialog; texts default to the kit's own. */
export interface ImportDialogProps<R extends ImportReport> {
  open: boolean;
  onClose: () => void;
  /** Uploads the file (multipart `file`, `?partial=`) and answers the server's report. */
  onImport: (input: { file: File; partial: boolean }) => Promise<R>;
  pending: boolean;
  /** Downloads the feature's template; without it the dialog offers none. */
  downloadTemplate?: () => Promise<void>;
  title?: string;
  /** What the sheet must hold. */
  hint?: string;
  dropHint?: string;
  /** The counts line of the outcome (default: read / imported / not imported). */
  counts?: (result: R) => string;
  /** Shown under the outcome (e.g. generated passwords). */
  extra?: (result: R) => ReactNode;
  testId: string;
  resultTestId?: string;
}

/**
 * The import dialog of every list page: template download, one .xlsx file (checked for type and 10 MB), "keep the
 * good rows", and the server's row-by-row report with the spec's texts.
 */
export function ImportDialog<R extends ImportReport>(props: ImportDialogProps<R>) {
  const { open, onClose, onImport, pending, downloadTemplate, testId } = props;
  const { t } = useTranslation('crud');
  const { message } = App.useApp();
  const [file, setFile] = useState<RcFile>();
  const [partial, setPartial] = useState(false);
  const [result, setResult] = useState<R>();
  const [error, setError] = useState<string>();

  const close = () => {
    setFile(undefined);
    setResult(undefined);
    setError(undefined);
    setPartial(false);
    onClose();
  };
  const pick = (f: RcFile) => {
    if (!f.name.toLowerCase().endsWith('.xlsx')) {
      void message.error(t('import.xlsxOnly'));
      return Upload.LIST_IGNORE;
    }
    if (f.size > XLSX_MAX_BYTES) {
      void message.error(t('import.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    setFile(f);
    setResult(undefined);
    setError(undefined);
    return false;
  };
  const start = async () => {
    if (!file) return;
    setError(undefined);
    try {
      setResult(await onImport({ file, partial }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('import.failed'));
    }
  };
  const template = async () => {
    try {
      await downloadTemplate?.();
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('import.downloadFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={props.title ?? t('import.title')}
      width={680}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      data-testid={testId}
      footer={
        result
          ? [
              <Button key="again" onClick={() => setResult(undefined)}>
                {t('import.again')}
              </Button>,
              <Button key="close" type="primary" onClick={close}>
                {t('import.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('cancel')}
              </Button>,
              <Button key="start" type="primary" disabled={!file} loading={pending} onClick={() => void start()}>
                {t('import.start')}
              </Button>,
            ]
      }
    >
      {result ? (
        <ImportOutcome
          result={result}
          counts={
            props.counts?.(result) ??
            t('import.counts', { total: result.total, succeeded: result.succeeded, failed: result.failed })
          }
          extra={props.extra?.(result)}
          testId={props.resultTestId ?? 'import-result'}
        />
      ) : (
        <>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
          <Alert
            type="info"
            showIcon
            title={props.hint ?? t('import.hint')}
            action={
              downloadTemplate ? (
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void template()}>
                  {t('import.template')}
                </Button>
              ) : undefined
            }
            style={{ marginBottom: 12 }}
          />
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={pick}
            fileList={file ? [{ uid: file.uid, name: file.name, status: 'done' }] : []}
            onRemove={() => setFile(undefined)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.drop')}</p>
            <p className="ant-upload-hint">{props.dropHint ?? t('import.dropHint')}</p>
          </Upload.Dragger>
          <Checkbox checked={partial} onChange={(e) => setPartial(e.target.checked)} style={{ marginTop: 12 }}>
            {t('import.partial')}
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 12 }}>
            {t('import.partialHint')}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
