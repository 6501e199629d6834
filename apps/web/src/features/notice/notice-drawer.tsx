import { Drawer, Space, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { noticeTypeTag } from './notice-tags';

/** What the drawer shows: a notice or a message, its text kept as typed. */
export interface NoticeView {
  title: string;
  content: string;
  type?: number;
  meta: ReactNode[];
}

/** Reads one notice or message; the content is shown as text (line breaks kept), never as HTML. */
export function NoticeDrawer({ view, onClose }: { view: NoticeView | null; onClose: () => void }) {
  const { token } = theme.useToken();
  return (
    <Drawer open={!!view} onClose={onClose} size={560} title={view?.title} destroyOnHidden>
      {view ? (
        <>
          <Space size={[8, 4]} wrap style={{ marginBottom: 16, color: token.colorTextSecondary }}>
            {view.type ? noticeTypeTag(view.type) : null}
            {view.meta.filter(Boolean).map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the meta line is fixed for one view
              <Tag key={i} variant="filled">
                {m}
              </Tag>
            ))}
          </Space>
          <Typography.Paragraph
            style={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.8, color: token.colorText }}
            data-testid="notice-content"
          >
            {view.content}
          </Typography.Paragraph>
        </>
      ) : null}
    </Drawer>
  );
}
