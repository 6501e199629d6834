import {
  CheckCircleFilled,
  CheckOutlined,
  EyeInvisibleOutlined,
  LoadingOutlined,
  SaveOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { ItemStatusEnum, ReviewTaskStatus, ReviewTaskStatusEnum } from '@shelfwise/contract/enums';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  InputNumber,
  Popconfirm,
  Progress,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { useUserInfo } from '../../auth/session.api';
import { EnumTag } from '../../system';
import { useAbnormalCauses } from '../audit/audit.api';
import { formatQty } from '../audit/audit-figures';
import '../audit/audit.texts';
import { type ReviewLine, useCompleteReview, useReviewLines, useReviewTask, useSaveReviewLine } from './review.api';
import { missingReviewLines, parseReviewQty, reviewProgress, reviewQtyProblem } from './review-form';

type Draft = { qty: number | string | null; cause: string | null };
type LineState = { saving?: boolean; error?: string };

const OUTCOME_COLORS = { confirmed: 'success', corrected: 'processing', escalated: 'error' } as const;

/** The outcome of a reviewed line after completion, as a tag. */
export function OutcomeTag({ outcome }: { outcome: ReviewLine['outcome'] }) {
  const { t } = useTranslation('audit');
  if (!outcome) return null;
  return (
    <Tooltip title={t(`review.outcomeHelp.${outcome}`)}>
      <Tag color={OUTCOME_COLORS[outcome]} data-testid="review-outcome">
        {t(`review.outcomes.${outcome}`)}
      </Tag>
    </Tooltip>
  );
}

/**
 * The review drawer of a review task: its lines (blind: no book and no first count), a review quantity per line
 * saved on Enter or when leaving the field (with the line's version; a 409 reloads), the abnormal cause, and
 * completion; once completed, each line's outcome.
 */
/**
 * The lines as cards, one under another, for a phone: every column a labelled row, so the required review quantity
 * is always on screen (a table wider than the phone would hide it to the right).
 */
function LineCards({
  columns,
  rows,
  loading,
  missing,
}: {
  columns: ColumnsType<ReviewLine>;
  rows: ReviewLine[];
  loading: boolean;
  missing: number[];
}) {
  const { token } = theme.useToken();
  if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const cell = (col: ColumnsType<ReviewLine>[number], l: ReviewLine, i: number) => {
    const key = 'dataIndex' in col ? (col.dataIndex as keyof ReviewLine | undefined) : undefined;
    const value = key ? l[key] : undefined;
    return col.render ? (col.render(value, l, i) as ReactNode) : ((value ?? '') as ReactNode);
  };
  const [location, sku, ...rest] = columns;
  return (
    <Flex vertical gap={8} data-testid="review-lines">
      {rows.map((l, i) => (
        <Card
          key={l.itemId}
          size="small"
          title={
            <Space wrap size={4}>
              {location ? cell(location, l, i) : null}
              {sku ? cell(sku, l, i) : null}
            </Space>
          }
          style={missing.includes(l.itemId) ? { borderColor: token.colorError } : undefined}
          data-testid="review-line-card"
        >
          <Flex vertical gap={6}>
            {rest.map((col) => (
              <Flex key={String(col.key)} justify="space-between" align="center" gap={8} wrap>
                {col.title ? <Typography.Text type="secondary">{col.title as ReactNode}</Typography.Text> : <span />}
                <div>{cell(col, l, i)}</div>
              </Flex>
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

export function ReviewDrawer({ reviewId, onClose }: { reviewId: number | null; onClose: () => void }) {
  // below the md breakpoint (phones) the lines are cards: the review quantity stays on screen
  const narrow = Grid.useBreakpoint().md === false;
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = useCan();
  const me = useUserInfo().data;
  const task = useReviewTask(reviewId ?? undefined);
  const lines = useReviewLines(reviewId ?? undefined);
  const causes = useAbnormalCauses();
  const save = useSaveReviewLine(reviewId ?? 0);
  const complete = useCompleteReview();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [states, setStates] = useState<Record<number, LineState>>({});
  const [missing, setMissing] = useState<number[]>([]);
  // the drawer stays mounted from one review task to the next: start each one clean
  const resetComplete = complete.reset;
  useEffect(() => {
    if (reviewId === null) return;
    setDrafts({});
    setStates({});
    setMissing([]);
    resetComplete();
  }, [reviewId, resetComplete]);
  const r = task.data;
  const rows = lines.data ?? [];
  const open = r ? r.status === ReviewTaskStatus.pending || r.status === ReviewTaskStatus.inProgress : false;
  const isAssignee = !!r && !!me && r.assigneeId === me.id;
  const editable = open && isAssignee && can('inventoryReviewTask:review');
  const showBook = rows.some((l) => l.bookQty !== null);
  const showCounted = rows.some((l) => l.countedQty !== null);
  const showOutcome = rows.some((l) => l.outcome !== null);
  const causeOptions = useMemo(
    () => (causes.data ?? []).map((c) => ({ value: c.value, label: c.label })),
    [causes.data],
  );

  const draftOf = (l: ReviewLine): Draft => drafts[l.itemId] ?? { qty: l.reviewQty, cause: l.abnormalCause ?? null };
  const setDraft = (itemId: number, next: Partial<Draft>, base: Draft) =>
    setDrafts((d) => ({ ...d, [itemId]: { ...base, ...d[itemId], ...next } }));
  const setState = (itemId: number, next: LineState) => setStates((s) => ({ ...s, [itemId]: next }));

  const saveLine = async (l: ReviewLine, override?: Partial<Draft>) => {
    if (!r || states[l.itemId]?.saving) return;
    const draft = { ...draftOf(l), ...override };
    const problem = reviewQtyProblem(draft.qty);
    if (problem) {
      setState(l.itemId, { error: t(`review.error.${problem}`) });
      return;
    }
    const qty = parseReviewQty(draft.qty as number | string);
    if (qty === l.reviewQty && (draft.cause ?? null) === (l.abnormalCause ?? null)) {
      setState(l.itemId, {});
      return;
    }
    setState(l.itemId, { saving: true });
    try {
      await save.mutateAsync({
        id: r.id,
        itemId: l.itemId,
        itemVersion: l.itemVersion,
        reviewQty: qty,
        abnormalCause: draft.cause ?? undefined,
      });
      setState(l.itemId, {});
      setDrafts((d) => {
        const { [l.itemId]: _gone, ...rest } = d;
        return rest;
      });
      setMissing((m) => m.filter((id) => id !== l.itemId));
    } catch (e) {
      const conflict = e instanceof ApiError && e.status === 409 && e.errorCode === 'staleVersion';
      if (conflict) {
        void message.warning(t('review.conflict'));
        void lines.refetch();
      }
      setState(l.itemId, {
        error: conflict ? t('review.conflict') : e instanceof ApiError ? e.message : t('common.unknownError'),
      });
    }
  };

  const finish = async () => {
    if (!r) return;
    try {
      await complete.mutateAsync({ id: r.id, version: r.version });
      void message.success(t('review.completed'));
      setMissing([]);
    } catch (e) {
      // the server says which lines lack a quantity only as a count; mark them from what we hold
      setMissing(missingReviewLines(rows));
      if (e instanceof ApiError && e.status === 409 && e.errorCode === 'staleVersion') void task.refetch();
    }
  };

  const stateIcon = (l: ReviewLine) => {
    const s = states[l.itemId];
    if (s?.saving) return <LoadingOutlined aria-label={t('review.saving')} />;
    if (s?.error) return <WarningFilled style={{ color: token.colorError }} aria-label={s.error} />;
    const d = drafts[l.itemId];
    if (d && (d.qty !== l.reviewQty || (d.cause ?? null) !== (l.abnormalCause ?? null)))
      return (
        <Tooltip title={t('review.unsaved')}>
          <span style={{ color: token.colorWarning }}>●</span>
        </Tooltip>
      );
    if (l.reviewQty !== null)
      return (
        <Tooltip title={t('review.saved')}>
          <CheckCircleFilled style={{ color: token.colorSuccess }} />
        </Tooltip>
      );
    return null;
  };

  const columns: ColumnsType<ReviewLine> = [
    {
      key: 'location',
      title: t('common.location'),
      dataIndex: 'locationCode',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      key: 'sku',
      title: t('common.sku'),
      dataIndex: 'skuCode',
      render: (v: string, l) => (
        <div style={{ maxWidth: 220 }}>
          <div>{v}</div>
          {l.skuName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: l.skuName }}>
              {l.skuName}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { key: 'consignor', title: t('common.consignor'), dataIndex: 'consignorCode' },
    ...(rows.some((l) => l.lot)
      ? [{ key: 'lot', title: t('common.lot'), dataIndex: 'lot', render: (v: string | null) => v ?? '' }]
      : []),
    ...(showBook
      ? [
          {
            key: 'book',
            title: t('common.book'),
            dataIndex: 'bookQty',
            align: 'right' as const,
            render: (v: number | null) => formatQty(v),
          },
        ]
      : []),
    ...(showCounted
      ? [
          {
            key: 'counted',
            title: t('review.firstCount'),
            dataIndex: 'countedQty',
            align: 'right' as const,
            render: (v: number | null) => formatQty(v),
          },
        ]
      : []),
    {
      key: 'reviewQty',
      title: editable ? (
        <span>
          <span style={{ color: token.colorError }}>* </span>
          {t('common.reviewQty')}
        </span>
      ) : (
        t('common.reviewQty')
      ),
      dataIndex: 'reviewQty',
      width: 200,
      render: (v: number | null, l) => {
        if (!editable) return <Typography.Text strong>{formatQty(v)}</Typography.Text>;
        const draft = draftOf(l);
        const s = states[l.itemId];
        const error = s?.error ?? (missing.includes(l.itemId) ? t('review.error.required') : undefined);
        return (
          <div>
            <Space.Compact>
              <InputNumber<number>
                value={draft.qty === null || draft.qty === '' ? null : Number(draft.qty)}
                min={0}
                step={1}
                placeholder={t('review.enterQty')}
                status={error ? 'error' : undefined}
                style={{ width: 120 }}
                onChange={(n) => {
                  setDraft(l.itemId, { qty: n ?? null }, draftOf(l));
                  if (states[l.itemId]?.error) setState(l.itemId, {});
                }}
                onPressEnter={() => void saveLine(l)}
                onBlur={() => {
                  const d = drafts[l.itemId];
                  if (d && d.qty !== l.reviewQty) void saveLine(l);
                }}
                aria-label={`${t('common.reviewQty')} ${l.locationCode} ${l.skuCode}`}
                data-testid={`review-qty-${l.itemId}`}
              />
              <Tooltip title={t('review.save')}>
                <Button
                  icon={<SaveOutlined />}
                  onClick={() => void saveLine(l)}
                  loading={s?.saving}
                  aria-label={t('review.save')}
                  data-testid={`review-save-${l.itemId}`}
                />
              </Tooltip>
            </Space.Compact>
            {error ? (
              <div style={{ color: token.colorError, fontSize: 12, marginTop: 2 }} role="alert">
                {error}
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'cause',
      title: t('common.cause'),
      width: 200,
      render: (_: unknown, l) => {
        const draft = draftOf(l);
        if (!editable)
          return draft.cause ? (
            <Tag color="warning">{causeOptions.find((c) => c.value === draft.cause)?.label ?? draft.cause}</Tag>
          ) : null;
        return (
          <Select
            allowClear
            value={draft.cause ?? undefined}
            options={causeOptions}
            loading={causes.isLoading}
            placeholder={t('common.cause')}
            style={{ width: 180 }}
            popupMatchSelectWidth={false}
            onChange={(v: string | undefined) => {
              setDraft(l.itemId, { cause: v ?? null }, draft);
              void saveLine(l, { cause: v ?? null });
            }}
          />
        );
      },
    },
    ...(editable ? [{ key: 'state', title: '', width: 32, render: (_: unknown, l: ReviewLine) => stateIcon(l) }] : []),
    ...(showOutcome
      ? [
          {
            key: 'outcome',
            title: t('review.outcome'),
            dataIndex: 'outcome',
            render: (v: ReviewLine['outcome']) => <OutcomeTag outcome={v} />,
          },
        ]
      : []),
    {
      key: 'status',
      title: t('common.status'),
      dataIndex: 'itemStatus',
      render: (v: number) => <EnumTag def={ItemStatusEnum} value={v} />,
    },
  ];

  const reviewed = rows.filter((l) => l.reviewQty !== null).length;
  const total = r?.itemCount ?? rows.length;
  const progress = reviewProgress(lines.data ? reviewed : (r?.reviewedCount ?? 0), total);

  return (
    <Drawer
      open={reviewId !== null}
      onClose={onClose}
      size="min(1180px, 96vw)"
      destroyOnHidden
      title={
        r ? (
          <Space>
            <span>{t('review.drawerTitle', { code: r.code })}</span>
            <EnumTag def={ReviewTaskStatusEnum} value={r.status} />
            {r.blind ? (
              <Tag icon={<EyeInvisibleOutlined />} color="purple">
                {t('review.blind')}
              </Tag>
            ) : null}
          </Space>
        ) : null
      }
      extra={
        r && open && can('inventoryReviewTask:complete') ? (
          <Popconfirm
            title={t('review.complete')}
            description={t('review.completeConfirm')}
            onConfirm={() => void finish()}
            okText={t('review.complete')}
          >
            <Button type="primary" icon={<CheckOutlined />} loading={complete.isPending} data-testid="review-complete">
              {t('review.complete')}
            </Button>
          </Popconfirm>
        ) : null
      }
      data-testid="review-drawer"
    >
      {!r ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Flex vertical gap={12}>
          {complete.error ? (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: () => complete.reset() }}
              title={complete.error instanceof ApiError ? complete.error.message : t('common.unknownError')}
              data-testid="review-complete-error"
            />
          ) : null}
          {open && r.blind ? <Alert type="info" showIcon title={t('review.blindNotice')} /> : null}
          {open && !isAssignee ? (
            <Alert
              type="warning"
              showIcon
              title={r.assigneeId ? t('review.notAssignee', { name: r.assigneeName ?? '' }) : t('review.noAssignee')}
            />
          ) : null}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              {
                key: 'task',
                label: t('review.task'),
                children: r.taskCode ? `${r.taskCode} · ${r.taskName ?? ''}` : '–',
              },
              { key: 'assignee', label: t('common.assignee'), children: r.assigneeName ?? '–' },
              { key: 'deadline', label: t('common.deadline'), children: r.deadline ?? '–' },
              {
                key: 'source',
                label: t('review.source'),
                children: r.source === 'auto' ? t('review.sourceAuto') : t('review.sourceAuditor'),
              },
              { key: 'created', label: t('review.createTime'), children: r.createTime ?? '–' },
              {
                key: 'progress',
                label: t('review.progress'),
                children: (
                  <Progress
                    percent={progress}
                    size="small"
                    format={() => t('review.progressText', { reviewed, total })}
                    style={{ minWidth: 160, margin: 0 }}
                  />
                ),
              },
              ...(r.reason ? [{ key: 'reason', label: t('review.reason'), span: 3, children: r.reason }] : []),
            ]}
          />
          {narrow ? (
            <LineCards columns={columns} rows={rows} loading={lines.isLoading} missing={missing} />
          ) : (
            <Table<ReviewLine>
              rowKey="itemId"
              size="small"
              loading={lines.isLoading}
              columns={columns}
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              rowClassName={(l) => (missing.includes(l.itemId) ? 'ant-table-row-selected' : '')}
              data-testid="review-lines"
            />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
