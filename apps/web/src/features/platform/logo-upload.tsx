import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';

/** Spec §5 / §9: pictures are jpg, jpeg or png, at most 10 MB. */
export const LOGO_TYPES = ['image/jpeg', 'image/png'];
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;

function readDataUri(file: RcFile): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A logo picker: checks type and size, reads the picture as a data URI and previews it. */
export function LogoUpload({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const beforeUpload = async (file: RcFile) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!LOGO_TYPES.includes(file.type) || !['jpg', 'jpeg', 'png'].includes(ext)) {
      void message.error(t('info.logoType'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > LOGO_MAX_BYTES) {
      void message.error(t('info.logoSize'));
      return Upload.LIST_IGNORE;
    }
    try {
      onChange?.(await readDataUri(file));
    } catch {
      void message.error(t('info.logoReadFailed'));
    }
    return false;
  };
  return (
    <Space align="start" size={16}>
      <div
        style={{
          width: 96,
          height: 96,
          borderRadius: 12,
          border: '1px dashed rgba(0,0,0,0.15)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          background: 'rgba(0,0,0,0.02)',
        }}
      >
        {value ? (
          <Image src={value} alt={t('info.logo')} width={88} height={88} style={{ objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 32, color: 'rgba(0,0,0,0.25)' }} />
        )}
      </div>
      <Space orientation="vertical" size={4}>
        <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" showUploadList={false} beforeUpload={beforeUpload}>
          <Button icon={<UploadOutlined />}>{t('info.chooseLogo')}</Button>
        </Upload>
        <Typography.Text type="secondary">{t('info.logoHint')}</Typography.Text>
      </Space>
    </Space>
  );
}
