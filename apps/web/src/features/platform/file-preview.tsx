import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Grid, Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../components/crud';
import { downloadFile, type FileRow, fileUrl } from './file.api';

/** Whether the page can show a file itself: pictures and PDF. */
export const canPreview = (row: FileRow) =>
  row.contentType.startsWith('image/') || row.contentType === 'application/pdf';

/** A file shown in a drawer through a signed link: a picture as an image, a PDF in the browser's viewer. */
export function FilePreview({ row, onClose }: { row: FileRow | null; onClose: () => void }) {
  const { t } = useTranslation('file');
  const link = useQuery({
    queryKey: ['sysFile', 'url', row?.id],
    queryFn: () => fileUrl(row?.id as number, true),
    enabled: !!row && canPreview(row),
    // links work for five minutes: a new one each time the drawer opens
    gcTime: 0,
    staleTime: 0,
  });
  const pdf = row?.contentType === 'application/pdf';
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      title={row?.fileName}
      size={narrow ? '100%' : pdf ? 960 : 640}
      destroyOnHidden
      data-testid="file-preview"
      extra={
        row && (
          <Auth code="sysFile:downloadFile">
            <Button icon={<DownloadOutlined />} onClick={() => downloadFile(row)}>
              {t('download')}
            </Button>
          </Auth>
        )
      }
    >
      {row && !canPreview(row) && <Empty description={t('noPreview')} />}
      {row && canPreview(row) && !link.data && <Skeleton active />}
      {row && link.data && !pdf && (
        <div style={{ textAlign: 'center' }}>
          <Image src={link.data.url} alt={row.fileName} style={{ maxWidth: '100%' }} />
        </div>
      )}
      {row && link.data && pdf && (
        <iframe
          src={link.data.url}
          title={row.fileName}
          style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }}
          data-testid="file-preview-pdf"
        />
      )}
    </Drawer>
  );
}
