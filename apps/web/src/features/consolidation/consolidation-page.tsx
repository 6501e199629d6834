import { App, Badge, Card, Empty, Flex, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import {
  downloadPlan,
  type GroupsInput,
  type LeftOutReason,
  type PlanFilter,
  usePlan,
  useStockGroups,
} from './consolidation.api';
import { ConsolidationFilters, DEFAULT_DAYS, type FilterDraft } from './consolidation-filters';
import { ConsolidationSummary } from './consolidation-summary';
import { FreedTable, GroupsTable, LeftOutTable, MovesTable } from './consolidation-tables';
import './consolidation.texts';

/** The filter of a draft, once it names a warehouse. */
const filterOf = (d: FilterDraft): PlanFilter | undefined =>
  d.warehouseId
    ? { warehouseId: d.warehouseId, areaId: d.areaId, consignorId: d.consignorId, skuId: d.skuId, days: d.days }
    : undefined;

/**
 * The consolidation planner (`consolidationPlanner`): pick a warehouse (area, consignor, SKU) and how recent the
 * counts must be, plan, and read the moves (from, to, SKU, quantity), the freed locations, fill before and after,
 * and why the other locations were left out; the move list exports to .xlsx.
 */
export default function ConsolidationPage() {
  const { t } = useTranslation('consolidation');
  const { message } = App.useApp();
  const can = useCan();
  const [draft, setDraft] = useState<FilterDraft>({ days: DEFAULT_DAYS });
  /** The filter of the plan shown (set by Plan). */
  const [planned, setPlanned] = useState<PlanFilter>();
  const [reason, setReason] = useState<LeftOutReason>();
  const [groupPage, setGroupPage] = useState({ page: 1, pageSize: 20 });
  const [tab, setTab] = useState('moves');
  const [exporting, setExporting] = useState(false);

  const plan = usePlan(planned);
  const byReason = usePlan(planned && reason ? { ...planned, reason } : undefined);
  const groupsInput: GroupsInput | undefined = useMemo(
    () => (planned ? { ...planned, ...groupPage } : undefined),
    [planned, groupPage],
  );
  const groups = useStockGroups(groupsInput, tab === 'groups' && can('consolidationPlanner:query'));

  const run = () => {
    const filter = filterOf(draft);
    if (!filter) return;
    setReason(undefined);
    setGroupPage((p) => ({ ...p, page: 1 }));
    if (JSON.stringify(filter) === JSON.stringify(planned)) void plan.refetch();
    else setPlanned(filter);
  };
  const exportPlan = async () => {
    if (!planned || !plan.data) return;
    setExporting(true);
    try {
      await downloadPlan(planned, plan.data.warehouse.code);
      message.success(t('filters.exported'));
    } catch (e) {
      message.error(e instanceof Error && e.message ? e.message : t('errors.failed'));
    } finally {
      setExporting(false);
    }
  };

  const data = plan.data;
  const leftOut = reason ? byReason.data : data;
  const x = data?.totals;
  return (
    <Flex vertical gap={12} data-testid="consolidation-page">
      <Card size="small">
        <ConsolidationFilters
          value={draft}
          onChange={setDraft}
          onPlan={run}
          onExport={exportPlan}
          planning={plan.isFetching}
          exporting={exporting}
          canExport={!!data}
        />
      </Card>

      {data && x ? (
        <>
          <ConsolidationSummary plan={data} />
          <Card
            size="small"
            title={
              <Flex vertical style={{ padding: '6px 0' }}>
                <span>{`${data.warehouse.code} · ${data.warehouse.name}`}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {t('summary.counted', {
                    counted: x.counted,
                    locations: x.locations,
                    since: data.since,
                    empty: x.empty,
                  })}
                  {` · ${t('summary.planMs', { ms: data.planMs })}`}
                </Typography.Text>
              </Flex>
            }
          >
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'moves',
                  label: <TabLabel text={t('tabs.moves')} count={data.moveTotal} />,
                  children: <MovesTable plan={data} />,
                },
                {
                  key: 'freed',
                  label: <TabLabel text={t('tabs.freed')} count={data.freedTotal} />,
                  children: <FreedTable plan={data} />,
                },
                {
                  key: 'leftOut',
                  label: <TabLabel text={t('tabs.leftOut')} count={x.leftOut} />,
                  children: (
                    <LeftOutTable
                      plan={data}
                      rows={leftOut?.leftOut ?? []}
                      total={leftOut?.leftOutTotal ?? 0}
                      reason={reason}
                      onReason={setReason}
                      loading={!!reason && byReason.isFetching}
                    />
                  ),
                },
                ...(can('consolidationPlanner:query')
                  ? [
                      {
                        key: 'groups',
                        label: <TabLabel text={t('tabs.groups')} count={x.groups} />,
                        children: groupsInput ? (
                          <GroupsTable
                            input={groupsInput}
                            data={groups.data?.groups}
                            loading={groups.isFetching}
                            onPage={(page, pageSize) => setGroupPage({ page, pageSize })}
                          />
                        ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </>
      ) : (
        <Card loading={plan.isLoading} data-testid="consolidation-intro">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} style={{ maxWidth: 560, margin: '0 auto' }}>
                <Typography.Text strong>{t('intro.title')}</Typography.Text>
                <Typography.Text type="secondary">
                  {can('consolidationPlanner:plan') ? t('intro.text') : t('intro.noPermission')}
                </Typography.Text>
              </Flex>
            }
          />
        </Card>
      )}
    </Flex>
  );
}

function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span>
      {text}{' '}
      <Badge
        count={count}
        showZero
        overflowCount={99_999}
        color="var(--ant-color-fill-secondary)"
        style={{ color: 'inherit' }}
      />
    </span>
  );
}
