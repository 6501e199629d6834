import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Table,
  Typography,
  Upload,
} from 'antd';
import type { RcFile } from 'antd/es/upload';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import {
  checkStockFile,
  downloadCsvText,
  errorReportCsv,
  importOutcome,
  type RowError,
  stampedName,
} from './report-files';
import '../inventory.texts';
import { RevalidateOnLanguage } from '../../../lib/i18n/revalidate';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** What every stock import answers: counts and the refused rows. */
export interface StockImportReport {
  total: number;
  succeeded: number;
  failed: number;
  errors: RowError[];
}

/** The dialog's values as the import's query. */
export interface StockImportValues {
  warehouseId: number;
  partial: boolean;
  title?: string;
  takenTime?: string;
  remark?: string;
}

/**
 * The import of WMS stock files (snapshots and pick records): the warehouse (and for a snapshot its title, time taken
 * and remark), "keep the good rows", one .xlsx or .csv file, and the server's row-by-row report with a downloadable
 * error report built in the browser.
 */
export function StockImportDialog<R extends StockImportReport>({
  open,
  kind,
  defaultWarehouseId,
  onClose,
  onImport,
  downloadTemplate,
  summary,
}: {
  open: boolean;
  kind: 'snapshot' | 'pick';
  defaultWarehouseId?: number;
  onClose: () => void;
  onImport: (file: File, values: StockImportValues) => Promise<R>;
  downloadTemplate: () => Promise<void>;
  /** Extra words under the counts of a finished import. */
  summary?: (result: R) => string | null;
}) {
  const { t } = useTranslation('inventory');
  const { t: tc } = useTranslation('crud');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const warehouses = useWarehouseOptions(open);
  const [file, setFile] = useState<RcFile>();
  const [result, setResult] = useState<R>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const close = () => {
    setFile(undefined);
    setResult(undefined);
    setError(undefined);
    form.resetFields();
    onClose();
  };
  const pick = (f: RcFile) => {
    const problem = checkStockFile(f);
    if (problem) {
      void message.error(t(`snapshot.import.${problem}`));
      return Upload.LIST_IGNORE;
    }
    setFile(f);
    setError(undefined);
    return false;
  };
  const start = async () => {
    const v = (await form.validateFields()) as {
      warehouseId: number;
      title?: string;
      takenTime?: Dayjs | null;
      remark?: string;
      partial?: boolean;
    };
    if (!file) {
      setError(t('snapshot.import.fileRequired'));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      setResult(
        await onImport(file, {
          warehouseId: v.warehouseId,
          partial: !!v.partial,
          title: v.title?.trim() || undefined,
          takenTime: v.takenTime ? v.takenTime.format(TIME) : undefined,
          remark: v.remark?.trim() || undefined,
        }),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e.message : tc('import.failed'));
    } finally {
      setPending(false);
    }
  };
  const template = async () => {
    try {
      await downloadTemplate();
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : tc('import.downloadFailed'));
    }
  };
  const downloadErrors = () => {
    if (!result) return;
    const csv = errorReportCsv(result.errors, { row: tc('import.row'), message: tc('import.message') });
    downloadCsvText(csv, stampedName(kind === 'snapshot' ? 'snapshot-import-results' : 'pick-import-results', 'csv'));
  };

  const outcome = result ? importOutcome(result) : null;
  const extra = result ? summary?.(result) : null;
  return (
    <Modal
      open={open}
      title={kind === 'snapshot' ? t('snapshot.import.snapshotTitle') : t('snapshot.import.pickTitle')}
      width={720}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      data-testid={`${kind}-import-dialog`}
      footer={
        result
          ? [
              <Button key="again" onClick={() => setResult(undefined)}>
                {tc('import.again')}
              </Button>,
              <Button key="close" type="primary" onClick={close}>
                {tc('import.close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {tc('cancel')}
              </Button>,
              <Button key="start" type="primary" loading={pending} onClick={() => void start()}>
                {tc('import.start')}
              </Button>,
            ]
      }
    >
      {result ? (
        <div data-testid={`${kind}-import-result`}>
          <Result
            status={outcome ?? 'success'}
            title={result.failed ? tc('import.withErrors') : tc('import.done')}
            subTitle={
              <>
                {tc('import.counts', { total: result.total, succeeded: result.succeeded, failed: result.failed })}
                {extra ? <div>{extra}</div> : null}
              </>
            }
            style={{ padding: '16px 0' }}
            extra={
              result.errors.length ? (
                <Button icon={<DownloadOutlined />} onClick={downloadErrors} data-testid="import-download-errors">
                  {tc('import.downloadResults')}
                </Button>
              ) : undefined
            }
          />
          {result.errors.length ? (
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.message}`}
              dataSource={result.errors}
              pagination={result.errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
              columns={[
                { key: 'row', title: tc('import.row'), dataIndex: 'row', width: 80, align: 'right' },
                { key: 'message', title: tc('import.message'), dataIndex: 'message' },
              ]}
            />
          ) : null}
        </div>
      ) : (
        <>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
          <Alert
            type="info"
            showIcon
            title={kind === 'snapshot' ? t('snapshot.import.snapshotHint') : t('snapshot.import.pickHint')}
            action={
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void template()}>
                {tc('import.template')}
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
          <Form
            form={form}
            layout="vertical"
            name={`${kind}Import`}
            initialValues={{ warehouseId: defaultWarehouseId, partial: false }}
          >
            <RevalidateOnLanguage />
            <Row gutter={16}>
              <Col span={kind === 'snapshot' ? 12 : 24}>
                <Form.Item
                  name="warehouseId"
                  label={t('common.warehouse')}
                  rules={[{ required: true, message: t('common.warehouseRequired') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={warehouses}
                    placeholder={t('common.warehouseRequired')}
                  />
                </Form.Item>
              </Col>
              {kind === 'snapshot' ? (
                <>
                  <Col span={12}>
                    <Form.Item
                      name="takenTime"
                      label={t('snapshot.takenTime')}
                      tooltip={t('snapshot.import.takenTimeHint')}
                    >
                      <DatePicker showTime style={{ width: '100%' }} placeholder={t('snapshot.import.takenTimeNow')} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="title" label={t('snapshot.name')} extra={t('snapshot.import.titleHint')}>
                      <Input maxLength={128} allowClear placeholder={t('snapshot.import.titlePlaceholder')} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="remark" label={t('common.remark')}>
                      <Input.TextArea rows={2} maxLength={512} showCount />
                    </Form.Item>
                  </Col>
                </>
              ) : null}
            </Row>
            <Upload.Dragger
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              beforeUpload={pick}
              fileList={file ? [{ uid: file.uid, name: file.name, status: 'done' }] : []}
              onRemove={() => setFile(undefined)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('snapshot.import.drop')}</p>
              <p className="ant-upload-hint">{t('snapshot.import.dropHint')}</p>
            </Upload.Dragger>
            <Form.Item name="partial" valuePropName="checked" style={{ margin: '12px 0 0' }}>
              <Checkbox>{tc('import.partial')}</Checkbox>
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ margin: '0 0 0 24px', fontSize: 12 }}>
              {tc('import.partialHint')}
            </Typography.Paragraph>
          </Form>
        </>
      )}
    </Modal>
  );
}
