import { DeleteOutlined, LoadingOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Popconfirm, Space, Spin, Tooltip, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useAuthImage } from '../../../lib/api/use-auth-image';
import { type ItemRow, pictureUrl, useRemoveItemPicture, useUploadItemPicture } from './item.api';
import { checkPicture } from './item-count';
import '../inventory.texts';

/** The most pictures a line keeps. */
const MAX_PICTURES = 20;

/** A line picture loaded with the token, previewed on click. */
export function PictureThumb({ pictureId, name, size = 64 }: { pictureId: number; name: string; size?: number }) {
  const src = useAuthImage(pictureUrl(pictureId));
  if (!src)
    return (
      <div
        style={{
          width: size,
          height: size,
          display: 'grid',
          placeItems: 'center',
          background: 'var(--ant-color-fill-quaternary)',
          borderRadius: 6,
        }}
      >
        <Spin indicator={<LoadingOutlined />} size="small" />
      </div>
    );
  return (
    <Image
      src={src}
      alt={name}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 6 }}
      data-testid="item-picture"
    />
  );
}

/** The pictures cell of the list: the first picture and how many there are. */
export function PicturesCell({ row }: { row: ItemRow }) {
  const { t } = useTranslation('inventory');
  const first = row.pictures[0];
  if (!first) return <span>—</span>;
  return (
    <Tooltip title={t('item.pictureCount', { count: row.pictures.length })}>
      <Space size={4}>
        <Image.PreviewGroup>
          <PictureThumb pictureId={first.id} name={first.name} size={32} />
        </Image.PreviewGroup>
        {row.pictures.length > 1 ? <span style={{ fontSize: 12 }}>+{row.pictures.length - 1}</span> : null}
      </Space>
    </Tooltip>
  );
}

/** The pictures of a line with upload (jpg/png, 10 MB, checked here first) and remove. */
export function ItemPictures({ row, editable }: { row: ItemRow; editable: boolean }) {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const upload = useUploadItemPicture();
  const remove = useRemoveItemPicture();
  const pick = (file: RcFile) => {
    const problem = checkPicture(file);
    if (problem) {
      void message.error(t(`item.${problem}`));
      return Upload.LIST_IGNORE;
    }
    upload.mutate(
      { id: row.id, file },
      {
        onSuccess: () => void message.success(t('item.pictureAdded', { name: file.name })),
        onError: (e) => void message.error(e instanceof ApiError ? e.message : t('item.pictureFailed')),
      },
    );
    return false;
  };
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid="item-pictures">
        {row.pictures.map((p) => (
          <div key={p.id} style={{ position: 'relative' }}>
            <PictureThumb pictureId={p.id} name={p.name} />
            {editable ? (
              <Popconfirm
                title={t('item.pictureRemove')}
                onConfirm={() => remove.mutateAsync({ id: row.id, pictureId: p.id })}
              >
                <Button
                  size="small"
                  shape="circle"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('item.pictureRemove')}
                  style={{ position: 'absolute', top: -8, right: -8 }}
                />
              </Popconfirm>
            ) : null}
          </div>
        ))}
        {editable && row.pictures.length < MAX_PICTURES ? (
          <Upload accept=".jpg,.jpeg,.png,image/jpeg,image/png" multiple showUploadList={false} beforeUpload={pick}>
            <Button
              style={{ width: 64, height: 64, display: 'flex', flexDirection: 'column', gap: 2, padding: 0 }}
              icon={upload.isPending ? <LoadingOutlined /> : <PlusOutlined />}
              data-testid="item-picture-upload"
            >
              <span style={{ fontSize: 12 }}>{t('item.pictureAdd')}</span>
            </Button>
          </Upload>
        ) : null}
        {!editable && row.pictures.length === 0 ? (
          <span style={{ opacity: 0.6 }}>
            <PictureOutlined /> {t('item.noPictures')}
          </span>
        ) : null}
      </Space>
    </Image.PreviewGroup>
  );
}
