import { ArrowLeftOutlined } from '@ant-design/icons';
import { OVERVIEW_MAX_LOCATIONS } from '@shelfwise/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewResult } from './overview.api';
import './overview.texts';
import { TaskStatusTag } from './task-status';

/**
 * The line above the plan or scene: the task that colours it, how many locations are drawn (and how many hold the
 * consignor / SKU filter), and, when the warehouse is too large to draw at once, how to narrow it to an area.
 */
export function OverviewSummary({
  data,
  matching,
  areaId,
  onWholeWarehouse,
}: {
  data: OverviewResult;
  matching: number | null;
  areaId?: number;
  onWholeWarehouse: () => void;
}) {
  const { t } = useTranslation('overview');
  const loaded = data.locations.id.length;
  const area = areaId ? data.areas.find((a) => a.id === areaId) : undefined;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap size={[16, 4]} data-testid="overview-summary">
        {area ? (
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={onWholeWarehouse} data-testid="overview-whole">
            {t('summary.wholeWarehouse')}
          </Button>
        ) : null}
        <Typography.Text strong>
          {data.warehouse.code} · {data.warehouse.name}
          {area ? ` / ${area.code} · ${area.name}` : ''}
        </Typography.Text>
        {data.task ? (
          <Space size={4} data-testid="overview-task-shown">
            <Typography.Text type="secondary">{t('summary.task')}</Typography.Text>
            <Typography.Text>
              {data.task.code} · {data.task.name}
            </Typography.Text>
            <TaskStatusTag task={data.task} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('summary.noTask')}</Typography.Text>
        )}
        <Typography.Text type="secondary" data-testid="overview-total">
          {loaded > 0
            ? t('summary.locations', { n: loaded.toLocaleString(), total: data.total.toLocaleString() })
            : t('summary.locationsNone', { total: data.total.toLocaleString() })}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="overview-as-of">
          {t('summary.asOf', { time: data.asOf })}
        </Typography.Text>
        {matching !== null ? (
          <Typography.Text type="secondary">{t('summary.matching', { n: matching.toLocaleString() })}</Typography.Text>
        ) : null}
      </Space>
      {data.truncated && loaded === 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="overview-truncated"
          title={t('summary.truncated', {
            total: data.total.toLocaleString(),
            max: OVERVIEW_MAX_LOCATIONS.toLocaleString(),
          })}
        />
      ) : null}
    </Space>
  );
}
