import { BorderOuterOutlined, CodeSandboxOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Empty, Flex, Form, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../components/crud';
import { FilterBar } from '../../../components/filter-bar';
import { useWarehouseOptions } from '../../warehouse/warehouse-pickers';
import { overviewKeys, type TaskCard, useCards, useOverviewLive } from '../overview.api';
import { MiniFigures, ProgressLine, TotalFigures } from './card-parts';
import '../overview.texts';
import { TaskStatusTag } from '../task-status';

/** Counting pushes many events: the cards are fetched again at most this often. */
const LIVE_CARDS_MS = 2_000;

/** Links to the 2D and 3D overviews of a warehouse (and task). */
function OverviewLinks({ warehouseId, taskId }: { warehouseId: number; taskId?: number }) {
  const { t } = useTranslation('overview');
  const can = useCan();
  const navigate = useNavigate();
  const query = `?warehouseId=${warehouseId}${taskId ? `&taskId=${taskId}` : ''}`;
  return (
    <Space size={4}>
      {can('warehouseOverview:plan2d') ? (
        <Tooltip title={t('cards.open2d')}>
          <Button
            size="small"
            type="text"
            icon={<BorderOuterOutlined />}
            aria-label={t('cards.open2d')}
            onClick={() => navigate(`/overview/warehouse${query}`)}
          >
            2D
          </Button>
        </Tooltip>
      ) : null}
      {can('warehouseOverview:scene3d') ? (
        <Tooltip title={t('cards.open3d')}>
          <Button
            size="small"
            type="text"
            icon={<CodeSandboxOutlined />}
            aria-label={t('cards.open3d')}
            onClick={() => navigate(`/overview/3d${query}`)}
          >
            3D
          </Button>
        </Tooltip>
      ) : null}
    </Space>
  );
}

function TaskCardView({ task, warehouse }: { task: TaskCard; warehouse?: string }) {
  const { t } = useTranslation('overview');
  return (
    <Card
      size="small"
      data-testid="task-card"
      title={
        <Flex vertical style={{ padding: '6px 0' }}>
          <Typography.Text strong ellipsis={{ tooltip: `${task.code} · ${task.name}` }}>
            {task.code} · {task.name}
          </Typography.Text>
          {warehouse ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {warehouse}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={<TaskStatusTag task={task} />}
      actions={[<OverviewLinks key="links" warehouseId={task.warehouseId} taskId={task.taskId} />]}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <ProgressLine
          label={t('cards.locationsConfirmed')}
          done={task.confirmedLocationCount}
          total={task.locationCount}
        />
        <ProgressLine label={t('cards.linesCounted')} done={task.linesCounted} total={task.linesTotal} />
        <MiniFigures figures={task} hideTasks />
      </Flex>
    </Card>
  );
}

/**
 * The data cards (`warehouseOverview:cards`): tasks in progress, locations counted today, lines with difference,
 * inventory record accuracy and recount rate, in total, per warehouse and per task; filtered by warehouse and task,
 * and fetched again while counting goes on (Socket.IO `inventory:progress`, at most every 2 s).
 */
export default function CardsPage() {
  const { t } = useTranslation('overview');
  const [filters, setFilters] = useState<{ warehouseId?: number; taskId?: number }>({});
  const warehouses = useWarehouseOptions();
  const cards = useCards(filters);
  const data = cards.data;
  useOverviewLive(() => [overviewKeys.cards(filters)], LIVE_CARDS_MS);

  const names = useMemo(() => new Map(data?.warehouses.map((w) => [w.warehouseId, `${w.code} · ${w.name}`])), [data]);
  // with a task chosen the answer lists only it: the choices come from the warehouse's (cached) answer
  const scope = useCards({ warehouseId: filters.warehouseId }, !!filters.taskId);
  const taskOptions = useMemo(
    () =>
      ((filters.taskId ? scope.data : data)?.tasks ?? [])
        .filter((task) => !filters.warehouseId || task.warehouseId === filters.warehouseId)
        .map((task) => ({ value: task.taskId, label: `${task.code} · ${task.name}` })),
    [data, scope.data, filters.taskId, filters.warehouseId],
  );

  return (
    <Flex vertical gap={12} data-testid="overview-cards-page">
      <FilterBar
        extra={
          <Space size={6}>
            <Badge status={cards.isFetching ? 'processing' : 'success'} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="cards-as-of">
              {data ? t('cards.asOf', { time: data.asOf }) : ''}
            </Typography.Text>
          </Space>
        }
      >
        <Form.Item label={t('filters.warehouse')}>
          <Select
            allowClear
            value={filters.warehouseId}
            onChange={(warehouseId?: number) => setFilters({ warehouseId })}
            options={warehouses}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('cards.allWarehouses')}
            style={{ width: 240 }}
            data-testid="cards-warehouse"
          />
        </Form.Item>
        <Form.Item label={t('filters.task')}>
          <Select
            allowClear
            value={filters.taskId}
            onChange={(taskId?: number) => {
              const task = (scope.data ?? data)?.tasks.find((x) => x.taskId === taskId);
              setFilters({ warehouseId: task?.warehouseId ?? filters.warehouseId, taskId });
            }}
            options={taskOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('cards.allTasks')}
            style={{ width: 280 }}
            data-testid="cards-task"
          />
        </Form.Item>
      </FilterBar>

      {data ? (
        <>
          <TotalFigures figures={data.totals} />
          {!filters.taskId ? (
            <Card size="small" title={t('cards.warehouses')} data-testid="cards-warehouses">
              {data.warehouses.length ? (
                <Row gutter={[12, 12]}>
                  {data.warehouses.map((w) => (
                    <Col key={w.warehouseId} xs={24} md={12} xl={8}>
                      <Card
                        size="small"
                        type="inner"
                        data-testid="warehouse-card"
                        title={
                          <Button
                            type="link"
                            style={{ padding: 0, fontWeight: 600 }}
                            onClick={() => setFilters({ warehouseId: w.warehouseId })}
                          >
                            {w.code} · {w.name}
                          </Button>
                        }
                        extra={<OverviewLinks warehouseId={w.warehouseId} />}
                      >
                        <MiniFigures figures={w} />
                      </Card>
                    </Col>
                  ))}
                </Row>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cards.noWarehouses')} />
              )}
            </Card>
          ) : null}
          <Card size="small" title={t('cards.tasks')} data-testid="cards-tasks">
            {data.tasks.length ? (
              <Row gutter={[12, 12]}>
                {data.tasks.map((task) => (
                  <Col key={task.taskId} xs={24} md={12} xl={8} xxl={6}>
                    <TaskCardView
                      task={task}
                      warehouse={filters.warehouseId ? undefined : names.get(task.warehouseId)}
                    />
                  </Col>
                ))}
              </Row>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cards.noTasks')} />
            )}
          </Card>
        </>
      ) : (
        <Card loading={cards.isLoading} />
      )}
    </Flex>
  );
}
