import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Modal, Result, Table, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../components/crud/export-csv';
import { ApiError } from '../../lib/api/client';
import { type RegionImportResult, useImportRegions } from './region.api';
import './region.texts';

const XLSX_MAX_BYTES = 10 * 1024 * 1024;

/** The outcome of an import: counts and the row errors. */
function ImportOutcome({ result }: { result: RegionImportResult }) {
  const { t } = useTranslation('region');
  const hasErrors = result.errors.length > 0;
  const errorsCsv = () =>
    downloadCsv(
      'region-import-results',
      [
        { title: t('import.row'), value: (r: RegionImportResult['errors'][number]) => r.row },
        { title: t('import.message'), value: (r: RegionImportResult['errors'][number]) => r.message },
      ],
      result.errors,
    );
  return (
    <div data-testid="region-import-result">
      <Result
        status={hasErrors ? (result.succeeded ? 'warning' : 'error') : 'success'}
        title={hasErrors ? t('import.withErrors') : t('import.done')}
        subTitle={t('import.counts', { ...result })}
        style={{ padding: '16px 0' }}
        extra={
          hasErrors ? (
            <Button icon={<DownloadOutlined />} onClick={errorsCsv}>
              CSV
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
    </div>
  );
}

/** Region import: one .xlsx file, "keep good rows", and the outcome. */
export function RegionImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('region');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const importRegions = useImportRegions();
  const [file, setFile] = useState<RcFile>();
  const [partial, setPartial] = useState(false);
  const [result, setResult] = useState<RegionImportResult>();
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
      setResult(await importRegions.mutateAsync({ file, partial }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('import.failed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={680}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      data-testid="region-import-dialog"
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
                {tc('cancel')}
              </Button>,
              <Button
                key="start"
                type="primary"
                disabled={!file}
                loading={importRegions.isPending}
                onClick={() => void start()}
              >
                {t('import.start')}
              </Button>,
            ]
      }
    >
      {result ? (
        <ImportOutcome result={result} />
      ) : (
        <>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
          <Alert type="info" showIcon title={t('import.hint')} style={{ marginBottom: 12 }} />
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
            <p className="ant-upload-hint">{t('import.dropHint')}</p>
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
