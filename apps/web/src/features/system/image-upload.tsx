import { App, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client';
import { useUploadImage } from './user.api';

/** Spec §5 / §9: pictures are jpg, jpeg or png, at most 10 MB. */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Checks a picked picture the way the server will (type and size) before it is sent. */
export function imageProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | undefined {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!IMAGE_TYPES.includes(file.type) || !IMAGE_EXTENSIONS.includes(ext)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return undefined;
}

/** Wraps its children in an upload of the caller's avatar or e-signature (checked client-side first). */
export function ImageUpload({ kind, children }: { kind: 'avatar' | 'signature'; children: ReactNode }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const upload = useUploadImage(kind);
  const beforeUpload = (file: RcFile) => {
    const problem = imageProblem(file);
    if (problem) {
      void message.error(problem === 'type' ? t('center.imageType') : t('center.imageSize'));
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, {
      onSuccess: () => void message.success(t('center.uploaded')),
      onError: (e) => void message.error(e instanceof ApiError ? e.message : t('center.uploadFailed')),
    });
    return false;
  };
  return (
    <Upload
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={beforeUpload}
      disabled={upload.isPending}
    >
      {children}
    </Upload>
  );
}
