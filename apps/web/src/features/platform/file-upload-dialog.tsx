import { InboxOutlined } from '@ant-design/icons';
import { App, Modal, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, uploadWithProgress, useRefreshFiles } from './file.api';

/**
 * Uploading files to the register: drop or pick several, each sent on its own with its progress; a file the server
 * refuses (type by content, size, name) keeps its row with the server's message in the user's language.
 */
export function FileUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('file');
  const { message } = App.useApp();
  const refresh = useRefreshFiles();
  const [list, setList] = useState<UploadFile[]>([]);

  const close = () => {
    setList([]);
    onClose();
  };

  return (
    <Modal open={open} title={t('uploadTitle')} onCancel={close} footer={null} destroyOnHidden width={560}>
      <div data-testid="file-upload-area">
        <Upload.Dragger
          multiple
          fileList={list}
          onChange={({ fileList }) => setList(fileList)}
          beforeUpload={(file) => {
            if (file.size > MAX_UPLOAD_BYTES) {
              message.error(t('tooLarge', { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onProgress, onSuccess, onError }) => {
            const f = file as File;
            uploadWithProgress(f, (percent) => onProgress?.({ percent }))
              .then((row) => {
                onSuccess?.(row);
                message.success(t('uploaded', { name: row.fileName }));
                refresh();
              })
              .catch((e: Error) => {
                // the row shows why (its tooltip) and the message says it at once
                onError?.(e, { message: e.message });
                setList((now) =>
                  now.map((u) =>
                    u.uid === (file as UploadFile).uid ? { ...u, status: 'error', response: e.message } : u,
                  ),
                );
                message.error(e.message);
              });
          }}
          data-testid="file-upload-input"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('uploadHint')}</p>
          <Typography.Paragraph type="secondary" className="ant-upload-hint" style={{ padding: '0 16px' }}>
            {t('uploadLimit')}
          </Typography.Paragraph>
        </Upload.Dragger>
      </div>
    </Modal>
  );
}
