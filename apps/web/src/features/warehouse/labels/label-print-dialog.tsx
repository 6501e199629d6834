import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Flex, Modal, Segmented, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { LabelSheet, labelsPerPage } from './label-sheet';
import { downloadLabelsPdf, type LabelLayout, useLocationLabels } from './labels.api';
import { printSheet, removePrintFrame } from './print-frame';
import './labels.texts';

/** Which locations to label: chosen ids, or every location of one area. */
export type LabelSelection = { ids: number[] } | { areaId: number };

// on screen only: the pages as sheets of paper on a grey desk
const PREVIEW_CSS = `
.label-preview [data-label-page] { margin: 0 auto 12px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
.label-preview [data-layout='label-100x50'] { display: flex; flex-wrap: wrap; gap: 12px; justify-content: center; }
.label-preview [data-layout='label-100x50'] [data-label-page] { margin: 0; }
`;

/** Preview, print and PDF of location labels; open while `selection` is set. */
export default function LabelPrintDialog(props: { selection: LabelSelection | null; onClose: () => void }) {
  const { selection, onClose } = props;
  const { t } = useTranslation('labels');
  const { message } = App.useApp();
  const [layout, setLayout] = useState<LabelLayout>('a4-3x8');
  const [downloading, setDownloading] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const labels = useLocationLabels(selection);
  const items = labels.data ?? [];
  const pages = Math.ceil(items.length / labelsPerPage(layout));
  useEffect(() => removePrintFrame, []);

  const print = () => {
    if (sheet.current) printSheet(sheet.current, layout, t('title'));
  };
  const download = async () => {
    if (!selection) return;
    setDownloading(true);
    try {
      await downloadLabelsPdf(selection, layout);
    } catch (e) {
      void message.error((e instanceof ApiError && e.message) || t('pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const ready = labels.isSuccess && items.length > 0;
  let body: React.ReactNode;
  if (labels.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip={t('loading')}>
          <div style={{ width: 120 }} />
        </Spin>
      </Flex>
    );
  } else if (labels.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('failed')}
        description={labels.error instanceof ApiError ? labels.error.message : undefined}
      />
    );
  } else if (!items.length) {
    body = <Empty description={t('empty')} />;
  } else {
    body = (
      <>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
          <Typography.Text strong data-testid="label-count">
            {t('count', { count: items.length })} · {t('pages', { count: pages })}
          </Typography.Text>
          <Segmented<LabelLayout>
            value={layout}
            onChange={setLayout}
            options={[
              { value: 'a4-3x8', label: t('layoutA4') },
              { value: 'label-100x50', label: t('layoutLabel') },
            ]}
            aria-label={t('layout')}
            data-testid="label-layout"
          />
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('printHint')}
        </Typography.Paragraph>
        <div
          className="label-preview"
          style={{ maxHeight: '60vh', overflow: 'auto', background: '#e8e8e8', padding: 12, borderRadius: 6 }}
        >
          <style>{PREVIEW_CSS}</style>
          <LabelSheet ref={sheet} labels={items} layout={layout} />
        </div>
      </>
    );
  }

  return (
    <Modal
      open={!!selection}
      title={t('title')}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      data-testid="label-print-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button
          key="pdf"
          icon={<FilePdfOutlined />}
          disabled={!ready}
          loading={downloading}
          onClick={() => void download()}
          data-testid="label-download-pdf"
        >
          {t('downloadPdf')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!ready}
          onClick={print}
          data-testid="label-print"
        >
          {t('print')}
        </Button>,
      ]}
    >
      {body}
    </Modal>
  );
}
