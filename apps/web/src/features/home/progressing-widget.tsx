import { AuditOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Progress, Tag, Typography, theme } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { flattenMenus } from '../../app/menu-routes';
import { WidgetFrame } from '../../components/widget-frame';
import { dayjs } from '../../lib/i18n/dayjs';
import { useMenuTree } from '../auth/session.api';
import { type Progressing, useProgressing } from './home.api';
import { WidgetBody } from './widget-state';
import type { WidgetProps } from './widget-types';

const SCAN_PATH = '/inventory/scan';
const REVIEW_PATH = '/inventory/review';

/** Whole percent of a part, 0 for an empty whole. */
const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/** The paths of the menus the user can open. */
function useMenuPaths() {
  const menus = useMenuTree();
  return useMemo(() => new Set(flattenMenus(menus.data ?? []).map((f) => f.node.path)), [menus.data]);
}

/** A due date: red once past. */
function Due({ date }: { date: string | null }) {
  const { t } = useTranslation('home');
  if (!date) return null;
  const overdue = dayjs(date).endOf('day').isBefore(dayjs());
  return (
    <Tag color={overdue ? 'error' : 'default'} variant="filled" style={{ marginInlineEnd: 0 }}>
      {overdue ? t('progressing.overdue', { date }) : t('progressing.due', { date })}
    </Tag>
  );
}

function Section({ icon, title, count }: { icon: ReactNode; title: string; count: number }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={8} style={{ margin: '4px 0 8px', color: token.colorTextSecondary }}>
      {icon}
      <Typography.Text strong>{title}</Typography.Text>
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {count}
      </Tag>
    </Flex>
  );
}

function WorkRows({ data }: { data: Progressing }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const paths = useMenuPaths();
  const canScan = paths.has(SCAN_PATH);
  const canReview = paths.has(REVIEW_PATH);
  return (
    <Flex vertical gap={8}>
      {data.subTaskTotal > 0 ? (
        <section aria-label={t('progressing.counting')}>
          <Section icon={<ScanOutlined />} title={t('progressing.counting')} count={data.subTaskTotal} />
          {data.subTasks.map((s) => (
            <div key={s.subTaskId} className="sw-home-work" data-testid="progressing-subtask">
              <div className="sw-home-work-main">
                <Typography.Text strong ellipsis>
                  {s.subTaskCode} · {s.subTaskName}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {t('progressing.subTaskOf', {
                    task: `${s.taskCode} ${s.taskName}`,
                    warehouse: s.warehouseName ?? '',
                  })}
                </Typography.Text>
                <Progress
                  percent={percent(s.countedLineCount, s.lineCount)}
                  size="small"
                  aria-label={t('progressing.lines', { done: s.countedLineCount, total: s.lineCount })}
                />
                <Flex gap={8} wrap align="center" style={{ fontSize: 12 }}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('progressing.lines', { done: s.countedLineCount, total: s.lineCount })}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('progressing.locations', { done: s.confirmedLocationCount, total: s.locationCount })}
                  </Typography.Text>
                  <Due date={s.endDate} />
                </Flex>
              </div>
              {canScan ? (
                <Button size="small" type="primary" ghost icon={<ScanOutlined />} onClick={() => navigate(SCAN_PATH)}>
                  {t('progressing.openScan')}
                </Button>
              ) : null}
            </div>
          ))}
          {data.subTaskTotal > data.subTasks.length ? (
            <Typography.Text type="secondary">
              {t('progressing.more', { count: data.subTaskTotal - data.subTasks.length })}
            </Typography.Text>
          ) : null}
        </section>
      ) : null}
      {data.reviewTotal > 0 ? (
        <section aria-label={t('progressing.reviews')}>
          <Section icon={<AuditOutlined />} title={t('progressing.reviews')} count={data.reviewTotal} />
          {data.reviews.map((r) => (
            <div key={r.reviewTaskId} className="sw-home-work" data-testid="progressing-review">
              <div className="sw-home-work-main">
                <Typography.Text strong ellipsis>
                  {r.code}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {r.taskCode} {r.taskName}
                </Typography.Text>
                <Progress
                  percent={percent(r.reviewedCount, r.itemCount)}
                  size="small"
                  aria-label={t('progressing.reviewed', { done: r.reviewedCount, total: r.itemCount })}
                />
                <Flex gap={8} wrap align="center">
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('progressing.reviewed', { done: r.reviewedCount, total: r.itemCount })}
                  </Typography.Text>
                  <Due date={r.deadline} />
                </Flex>
              </div>
              {canReview ? (
                <Button
                  size="small"
                  type="primary"
                  ghost
                  icon={<AuditOutlined />}
                  onClick={() => navigate(REVIEW_PATH)}
                >
                  {t('progressing.openReview')}
                </Button>
              ) : null}
            </div>
          ))}
          {data.reviewTotal > data.reviews.length ? (
            <Typography.Text type="secondary">
              {t('progressing.more', { count: data.reviewTotal - data.reviews.length })}
            </Typography.Text>
          ) : null}
        </section>
      ) : null}
    </Flex>
  );
}

/** My work in progress: the sub-tasks the user counts and the recounts assigned to them, with progress and links. */
export function ProgressingWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const work = useProgressing();
  const empty = work.data && work.data.subTaskTotal === 0 && work.data.reviewTotal === 0;
  return (
    <WidgetFrame title={t('widgets.progressing')} extra={controls} testId="widget-progressing">
      <WidgetBody loading={work.isPending} error={work.isError} onRetry={() => void work.refetch()}>
        {empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('progressing.nothing')}>
            <Typography.Text type="secondary">{t('progressing.nothingHint')}</Typography.Text>
          </Empty>
        ) : work.data ? (
          <div className="sw-home-scroll">
            <WorkRows data={work.data} />
          </div>
        ) : null}
      </WidgetBody>
    </WidgetFrame>
  );
}
