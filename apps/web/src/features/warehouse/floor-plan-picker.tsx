import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthImage } from '../../lib/api/use-auth-image';
import './warehouse.texts';

/** Spec §5: pictures are jpg, jpeg or png, at most 10 MB (the server checks the content again). */
const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = ['jpg', 'jpeg', 'png'];
const MAX_BYTES = 10 * 1024 * 1024;

/** Why a picked file cannot be a floor plan, if it cannot. */
export function floorPlanProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | undefined {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!TYPES.includes(file.type) || !EXTENSIONS.includes(ext)) return 'type';
  if (file.size > MAX_BYTES) return 'size';
  return undefined;
}

/**
 * The floor plan field of the warehouse dialog: a preview of the current plan (fetched with the bearer token) or
 * of the newly picked picture, and a picker. The picked file is the field's value; the page uploads it on save.
 */
export function FloorPlanPicker({
  value,
  onChange,
  currentUrl,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  currentUrl?: string | null;
}) {
  const { t } = useTranslation('warehouse');
  const { message } = App.useApp();
  const current = useAuthImage(currentUrl);
  const [picked, setPicked] = useState<string>();
  useEffect(() => {
    if (!value) return;
    const url = URL.createObjectURL(value);
    setPicked(url);
    return () => {
      URL.revokeObjectURL(url);
      setPicked(undefined);
    };
  }, [value]);
  const shown = picked ?? current;

  return (
    <Flex gap={16} align="center" data-testid="floor-plan">
      <div
        style={{
          width: 160,
          height: 100,
          flex: 'none',
          borderRadius: 8,
          border: '1px dashed var(--ant-color-border)',
          background: 'var(--ant-color-fill-quaternary)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Image
            src={shown}
            alt={t('info.floorPlan')}
            width={160}
            height={100}
            style={{ objectFit: 'contain' }}
            data-testid="floor-plan-image"
          />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
            <PictureOutlined style={{ fontSize: 24, display: 'block', marginBottom: 4 }} />
            {t('info.floorPlanNone')}
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={6} align="flex-start">
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = floorPlanProblem(file);
            if (problem) void message.error(problem === 'type' ? t('info.floorPlanType') : t('info.floorPlanSize'));
            else onChange?.(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>{shown ? t('info.floorPlanReplace') : t('info.floorPlanPick')}</Button>
        </Upload>
        {value ? (
          <Typography.Text type="warning" style={{ fontSize: 12 }}>
            {value.name} · {t('info.floorPlanPending')}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('info.floorPlanHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
