import {
  CheckOutlined,
  CloseCircleOutlined,
  DownloadOutlined,
  DownOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  AuditDecision,
  AuditDecisionEnum,
  AuditStatus,
  AuditStatusEnum,
  CountModeEnum,
  InventoryTaskTypeEnum,
} from '@shelfwise/contract/enums';
import type { PermissionCode } from '@shelfwise/contract/routes';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Skeleton,
  Space,
  Tabs,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../components/crud';
import { ApiError } from '../../../lib/api/client';
import { EnumTag } from '../../system';
import { type AuditDetail, downloadVarianceReport, useAuditDetail, useAuditTask } from './audit.api';
import { AuditLines } from './audit-lines';
import { AuditFigureCards, DifferenceTabs } from './audit-overview';
import { ApproveDialog, CloseDialog, type DecisionKind, RecountDialog } from './decision-dialogs';
import './audit.texts';

const DECISION_COLORS: Record<number, string> = {
  [AuditDecision.approve]: 'green',
  [AuditDecision.rejectWithRecount]: 'orange',
  [AuditDecision.rejectAndClose]: 'red',
};

function Decisions({ detail }: { detail: AuditDetail }) {
  const { t } = useTranslation('audit');
  const navigate = useNavigate();
  if (detail.records.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDecisions')} />;
  return (
    <Timeline
      data-testid="audit-decisions"
      items={detail.records.map((r) => ({
        key: r.id,
        color: DECISION_COLORS[r.decision] ?? 'gray',
        title: <Typography.Text type="secondary">{r.time}</Typography.Text>,
        content: (
          <div>
            <Space wrap>
              <EnumTag def={AuditDecisionEnum} value={r.decision} />
              <Typography.Text strong>{r.auditorName ?? '–'}</Typography.Text>
              {r.reviewTaskId ? (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => navigate(`/inventory/review?reviewId=${r.reviewTaskId}`)}
                >
                  {t('detail.reviewTask', { code: r.reviewTaskCode ?? '' })}
                </Button>
              ) : null}
            </Space>
            {r.reason ? <Typography.Paragraph style={{ margin: '4px 0 0' }}>{r.reason}</Typography.Paragraph> : null}
          </div>
        ),
      }))}
    />
  );
}

/** The audit drawer of one submitted task: figures, differences, lines, decisions, and the three decisions. */
export function AuditDrawer({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const { message } = App.useApp();
  const can = useCan();
  const detail = useAuditDetail(taskId ?? undefined);
  const task = useAuditTask(taskId ?? undefined);
  const [dialog, setDialog] = useState<DecisionKind | null>(null);
  const d = detail.data;
  const pending = d?.auditStatus === AuditStatus.pendingAudit;
  const taskDenied = task.error instanceof ApiError && (task.error.status === 403 || task.error.status === 404);
  const refresh = () => Promise.all([detail.refetch(), task.refetch()]);

  const download = async (onlyDifferences: boolean) => {
    if (!d) return;
    const hide = message.loading(t('detail.downloading'), 0);
    try {
      await downloadVarianceReport(d.id, d.code, onlyDifferences);
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('detail.downloadFailed'));
    } finally {
      hide();
    }
  };

  const decisionButton = (kind: DecisionKind, code: PermissionCode, label: string, icon: ReactNode, danger = false) => {
    if (!can(code)) return null;
    const reason = !pending ? t('detail.notPending') : taskDenied ? t('detail.noTaskAccess') : undefined;
    return (
      <Tooltip title={reason}>
        <Button
          type={kind === 'approve' ? 'primary' : 'default'}
          danger={danger}
          icon={icon}
          disabled={!pending || !task.data}
          loading={pending && task.isLoading}
          onClick={() => setDialog(kind)}
          data-testid={`audit-${kind}`}
        >
          {label}
        </Button>
      </Tooltip>
    );
  };

  const extra = d ? (
    <Space wrap>
      <Tooltip title={t('common.reload')}>
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} aria-label={t('common.reload')} />
      </Tooltip>
      {can('inventoryCheckAudit:export') ? (
        <Dropdown
          menu={{
            items: [
              { key: 'diff', label: t('detail.downloadDiff') },
              { key: 'all', label: t('detail.downloadAll') },
            ],
            onClick: ({ key }) => void download(key === 'diff'),
          }}
        >
          <Button icon={<DownloadOutlined />} data-testid="audit-download">
            {t('detail.download')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
      {decisionButton(
        'close',
        'inventoryCheckAudit:rejectClose',
        t('detail.rejectClose'),
        <CloseCircleOutlined />,
        true,
      )}
      {decisionButton('recount', 'inventoryCheckAudit:rejectRecount', t('detail.rejectRecount'), <RedoOutlined />)}
      {decisionButton('approve', 'inventoryCheckAudit:approve', t('detail.approve'), <CheckOutlined />)}
    </Space>
  ) : null;

  const tolerance = task.data
    ? task.data.toleranceQty > 0 || task.data.tolerancePct > 0
      ? t('detail.toleranceValue', { qty: task.data.toleranceQty, pct: task.data.tolerancePct })
      : t('detail.noTolerance')
    : '–';

  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      size="min(1280px, 96vw)"
      destroyOnHidden
      title={
        d ? (
          <Space>
            <span>{t('detail.title', { code: d.code })}</span>
            <EnumTag def={AuditStatusEnum} value={d.auditStatus} />
          </Space>
        ) : null
      }
      extra={extra}
      styles={{ body: { background: 'var(--ant-color-bg-layout)', padding: 16 } }}
      data-testid="audit-drawer"
    >
      {!d ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Flex vertical gap={12}>
          {d.auditStatus === AuditStatus.inReview ? (
            <Alert type="info" showIcon title={t('detail.inReviewAlert', { count: d.openReviewCount })} />
          ) : null}
          {d.auditStatus === AuditStatus.approved ? (
            <Alert
              type="success"
              showIcon
              title={t('detail.approvedAlert', { user: d.auditUserName ?? '–', time: d.auditTime ?? '' })}
            />
          ) : null}
          {d.auditStatus === AuditStatus.rejected ? (
            <Alert
              type="error"
              showIcon
              title={t('detail.rejectedAlert', { user: d.auditUserName ?? '–', time: d.auditTime ?? '' })}
            />
          ) : null}
          {pending && taskDenied ? <Alert type="warning" showIcon title={t('detail.noTaskAccess')} /> : null}
          <Card size="small">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'name', label: t('common.name'), children: d.name },
                { key: 'warehouse', label: t('common.warehouse'), children: d.warehouseName ?? '–' },
                {
                  key: 'type',
                  label: t('common.type'),
                  children: <EnumTag def={InventoryTaskTypeEnum} value={d.type} />,
                },
                {
                  key: 'mode',
                  label: t('detail.countMode'),
                  children: task.data ? <EnumTag def={CountModeEnum} value={task.data.countMode} /> : '–',
                },
                { key: 'tolerance', label: t('detail.tolerance'), children: tolerance },
                {
                  key: 'submitted',
                  label: t('list.submitted'),
                  children: `${d.submitTime ?? '–'} · ${d.submitUserName ?? '–'}`,
                },
                {
                  key: 'audited',
                  label: t('list.audited'),
                  children: d.auditTime ? `${d.auditTime} · ${d.auditUserName ?? '–'}` : '–',
                },
              ]}
            />
          </Card>
          <AuditFigureCards detail={d} />
          <Card size="small" styles={{ body: { paddingTop: 0 } }}>
            <Tabs
              items={[
                {
                  key: 'differences',
                  label: t('detail.differences'),
                  children: <DifferenceTabs detail={d} />,
                },
                {
                  key: 'lines',
                  label: `${t('detail.linesTitle')} (${d.diffLineCount})`,
                  children: <AuditLines taskId={d.id} />,
                },
                {
                  key: 'decisions',
                  label: `${t('detail.decisions')} (${d.records.length})`,
                  children: <Decisions detail={d} />,
                },
              ]}
            />
          </Card>
        </Flex>
      )}
      {d && task.data && dialog === 'approve' ? (
        <ApproveDialog detail={d} task={task.data} onClose={() => setDialog(null)} onStale={() => void refresh()} />
      ) : null}
      {d && task.data && dialog === 'recount' ? (
        <RecountDialog detail={d} task={task.data} onClose={() => setDialog(null)} onStale={() => void refresh()} />
      ) : null}
      {d && task.data && dialog === 'close' ? (
        <CloseDialog detail={d} task={task.data} onClose={() => setDialog(null)} onStale={() => void refresh()} />
      ) : null}
    </Drawer>
  );
}
