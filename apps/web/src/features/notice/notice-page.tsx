import { DeleteOutlined, EditOutlined, MessageOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { NoticeStatus, NoticeStatusEnum, NoticeTypeEnum, noticeAddInput, noticeUpdateInput } from '@shelfwise/contract';
import { App, Button, Input, Space, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  type AuthCheck,
  type CrudColumn,
  CrudTable,
  EditDialog,
  type FieldConfig,
  pagedTableProps,
  SearchForm,
  usePageParams,
} from '../../components/crud';
import {
  fetchAllNotices,
  type NoticePageInput,
  type NoticeRow,
  useAddNotice,
  useCancelNotice,
  useDeleteNotice,
  useNoticePage,
  usePublishNotice,
  useUpdateNotice,
} from './notice.api';
import { NoticeDrawer, type NoticeView } from './notice-drawer';
import { noticeStatusTag, noticeTypeTag, useEnumOptions } from './notice-tags';
import { SendMessageDialog } from './send-message-dialog';
import './notice.texts';

type Filters = { title?: string; type?: 1 | 2; status?: 1 | 2 | 3 };
type Editing = { row?: NoticeRow } | null;

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
  const { filters, params, input, search, change } = usePageParams<Filters, NonNullable<NoticePageInput['field']>>({});
  const page = useNoticePage(input);
  const add = useAddNotice();
  const update = useUpdateNotice();
  const remove = useDeleteNotice();
  const publish = usePublishNotice();
  const cancel = useCancelNotice();
  const [editing, setEditing] = useState<Editing>(null);
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
    {
      key: 'actions',
      title: tc('actions'),
      fixedColumn: true,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {row.status === NoticeStatus.draft ? (
            <>
              <RowButton
                code="sysNotice:update"
                icon={<EditOutlined />}
                label={tc('edit')}
                onClick={() => setEditing({ row })}
              />
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
            </>
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
          <RowButton
            code="sysNotice:delete"
            icon={<DeleteOutlined />}
            label={tc('delete')}
            danger
            disabled={row.status === NoticeStatus.published ? t('admin.deleteDisabled') : undefined}
            onClick={() =>
              confirm(
                tc('deleteTitle'),
                tc('deleteConfirm', { name: row.title }),
                tc('delete'),
                () => remove.mutateAsync(row.id),
                tc('deleted'),
                true,
              )
            }
          />
        </Space>
      ),
    },
  ];

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
  const initialValues = useMemo(() => editing?.row ?? { type: 1 }, [editing]);

  return (
    <div style={{ padding: 12 }}>
      <SearchForm<Filters> fields={searchFields} onSearch={search} />
      <CrudTable<NoticeRow>
        pageKey="system.notice"
        title={t('admin.title')}
        columns={columns}
        {...pagedTableProps(page, params, change)}
        onAdd={() => setEditing({})}
        addCode="sysNotice:add"
        exportName="notices"
        fetchAll={() => fetchAllNotices(filters)}
        toolbarExtra={
          <Auth code="sysMessage:send">
            <Button icon={<MessageOutlined />} onClick={() => setSending(true)}>
              {t('admin.sendMessage')}
            </Button>
          </Auth>
        }
      />
      <EditDialog<Record<string, unknown>>
        open={!!editing}
        title={editing?.row ? t('admin.edit') : t('admin.add')}
        fields={formFields}
        initialValues={initialValues}
        schema={editing?.row ? noticeUpdateInput : noticeAddInput}
        toInput={(v) => ({ ...v, id: editing?.row?.id, type: v.type ?? 1 })}
        onSubmit={(body) =>
          editing?.row
            ? update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0])
            : add.mutateAsync(body as Parameters<typeof add.mutateAsync>[0])
        }
        onClose={() => setEditing(null)}
        width={720}
        testId="notice-dialog"
      />
      <NoticeDrawer view={viewing} onClose={() => setViewing(null)} />
      <SendMessageDialog open={sending} onClose={() => setSending(false)} />
    </div>
  );
}
