import { MessageOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { NoticeStatus, NoticeStatusEnum, NoticeTypeEnum, sysNotice } from '@shelfwise/contract';
import { App, Button, Input, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, type AuthCheck, type CrudColumn, CrudPage, type CrudRow, type FieldConfig } from '../../components/crud';
import { useCancelNotice, usePublishNotice } from './notice.api';
import { NoticeDrawer, type NoticeView } from './notice-drawer';
import { noticeStatusTag, noticeTypeTag, useEnumOptions } from './notice-tags';
import { SendMessageDialog } from './send-message-dialog';
import './notice.texts';

type NoticeRow = CrudRow<typeof sysNotice>;

/** A small link button of a row, shown to users holding `code`. */
function RowButton(props: {
  code: AuthCheck;
  icon: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: string;
}) {
  return (
    <Auth code={props.code}>
      <Tooltip title={props.disabled}>
        <Button
          type="link"
          size="small"
          icon={props.icon}
          danger={props.danger}
          disabled={!!props.disabled}
          onClick={props.onClick}
        >
          {props.label}
        </Button>
      </Tooltip>
    </Auth>
  );
}

/**
 * Notices (`sysNotice`, `sysMessage:send`): search, drafts added and edited in a dialog, publish and withdraw with
 * confirmation, delete (never a published one), a reading preview, and direct messages to chosen users.
 */
export default function NoticePage() {
  const { t } = useTranslation('notice');
  const { t: tc } = useTranslation('crud');
  const { modal, message } = App.useApp();
  const publish = usePublishNotice();
  const cancel = useCancelNotice();
  const [viewing, setViewing] = useState<NoticeView | null>(null);
  const [sending, setSending] = useState(false);
  const typeOptions = useEnumOptions(NoticeTypeEnum);
  const statusOptions = useEnumOptions(NoticeStatusEnum);

  const confirm = (
    title: string,
    content: string,
    okText: string,
    run: () => Promise<unknown>,
    done: string,
    danger = false,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      cancelText: tc('cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        await run();
        void message.success(done);
      },
    });

  const searchFields: FieldConfig[] = [
    { name: 'title', label: t('admin.noticeTitle') },
    { name: 'type', label: t('admin.type'), type: 'select', options: typeOptions },
    { name: 'status', label: t('admin.status'), type: 'select', options: statusOptions },
  ];

  const columns: CrudColumn<NoticeRow>[] = [
    {
      key: 'title',
      title: t('admin.noticeTitle'),
      dataIndex: 'title',
      sortField: 'title',
      render: (v: string, row) => (
        <Typography.Link
          onClick={() =>
            setViewing({
              title: row.title,
              content: row.content,
              type: row.type,
              meta: [row.publicUserName, row.publicTime],
            })
          }
        >
          {v}
        </Typography.Link>
      ),
    },
    {
      key: 'type',
      title: t('admin.type'),
      dataIndex: 'type',
      sortField: 'type',
      exportValue: (r) => typeOptions.find((o) => o.value === r.type)?.label,
      render: (v: number) => noticeTypeTag(v),
    },
    {
      key: 'status',
      title: t('admin.status'),
      dataIndex: 'status',
      sortField: 'status',
      exportValue: (r) => statusOptions.find((o) => o.value === r.status)?.label,
      render: (v: number) => noticeStatusTag(v),
    },
    {
      key: 'content',
      title: t('admin.content'),
      dataIndex: 'content',
      ellipsis: true,
      width: 260,
      hiddenByDefault: true,
    },
    { key: 'publicUserName', title: t('admin.publisher'), dataIndex: 'publicUserName' },
    { key: 'publicTime', title: t('admin.publicTime'), dataIndex: 'publicTime', sortField: 'publicTime' },
    { key: 'cancelTime', title: t('admin.cancelTime'), dataIndex: 'cancelTime', hiddenByDefault: true },
    { key: 'createTime', title: t('admin.createTime'), dataIndex: 'createTime', sortField: 'createTime' },
  ];

  const rowActions = (row: NoticeRow) => (
    <>
      {row.status === NoticeStatus.draft ? (
        <RowButton
          code="sysNotice:public"
          icon={<SendOutlined />}
          label={t('admin.publish')}
          onClick={() =>
            confirm(
              t('admin.publishTitle'),
              t('admin.publishConfirm', { name: row.title }),
              t('admin.publish'),
              () => publish.mutateAsync(row.id),
              t('admin.published'),
            )
          }
        />
      ) : null}
      {row.status === NoticeStatus.published ? (
        <RowButton
          code="sysNotice:cancel"
          icon={<RollbackOutlined />}
          label={t('admin.withdraw')}
          onClick={() =>
            confirm(
              t('admin.withdrawTitle'),
              t('admin.withdrawConfirm', { name: row.title }),
              t('admin.withdraw'),
              () => cancel.mutateAsync(row.id),
              t('admin.withdrawn'),
              true,
            )
          }
        />
      ) : null}
    </>
  );

  const formFields: FieldConfig[] = [
    { name: 'title', label: t('admin.noticeTitle'), required: true, maxLength: 128, span: 16 },
    { name: 'type', label: t('admin.type'), type: 'radio', options: typeOptions, span: 8 },
    {
      name: 'content',
      label: t('admin.content'),
      required: true,
      extra: t('admin.contentHint'),
      render: () => <Input.TextArea rows={10} maxLength={10_000} showCount placeholder={t('admin.contentHint')} />,
    },
  ];
  return (
    <>
      <CrudPage
        service={sysNotice}
        pageKey="system.notice"
        title={t('admin.title')}
        searchFields={searchFields}
        columns={columns}
        form={{
          fields: formFields,
          addTitle: t('admin.add'),
          editTitle: t('admin.edit'),
          width: 720,
          defaults: { type: 1 },
          toInput: (v) => ({ ...v, type: v.type ?? 1 }),
        }}
        rowName={(row) => row.title}
        // only a draft is edited; a published notice is withdrawn before it is deleted
        canEdit={(row) => row.status === NoticeStatus.draft}
        deleteDisabled={(row) => (row.status === NoticeStatus.published ? t('admin.deleteDisabled') : undefined)}
        rowActions={rowActions}
        clientExport="notices"
        toolbarExtra={
          <Auth code="sysMessage:send">
            <Button icon={<MessageOutlined />} onClick={() => setSending(true)}>
              {t('admin.sendMessage')}
            </Button>
          </Auth>
        }
        testId="notice"
      />
      <NoticeDrawer view={viewing} onClose={() => setViewing(null)} />
      <SendMessageDialog open={sending} onClose={() => setSending(false)} />
    </>
  );
}
