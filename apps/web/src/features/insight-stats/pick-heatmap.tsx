import { AbcClass } from '@shelfwise/contract/enums';
import { Alert, Empty, Flex, Segmented, Spin, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanCanvas } from '../overview/plan/plan-canvas';
import { geometryOfOverview } from '../overview/plan/plan-geometry';
import type { PickHeatmap } from './stats.api';
import { heatColor, heatOf } from './stats-format';

/** Colours of the proposed ABC classes on the plan. */
export const ABC_COLORS: Record<number, string> = {
  [AbcClass.a]: 'rgb(220, 53, 69)',
  [AbcClass.b]: 'rgb(237, 137, 54)',
  [AbcClass.c]: 'rgb(49, 130, 206)',
};
const ABC_LETTER: Record<number, string> = { [AbcClass.a]: 'A', [AbcClass.b]: 'B', [AbcClass.c]: 'C' };

/**
 * The pick heat map on the 2D floor plan (the overview's canvas): each location coloured by its picks (square-root
 * scale, cold to hot) or by its proposed ABC class; locations without picks in a muted tone. When the warehouse has
 * more locations than a plan carries, areas are filled by their share of picks instead.
 */
export function PickHeatmapView({
  data,
  loading,
  onAreaClick,
}: {
  data: PickHeatmap | undefined;
  loading: boolean;
  onAreaClick: (areaId: number) => void;
}) {
  const { t } = useTranslation('stats');
  const { token } = theme.useToken();
  const [mode, setMode] = useState<'picks' | 'abc'>('picks');
  const geometry = useMemo(() => (data ? geometryOfOverview(data) : undefined), [data]);
  const colors = useMemo(() => {
    if (!data) return [];
    const l = data.locations;
    return l.id.map((_, i) => {
      const picks = l.picks[i] ?? 0;
      if (mode === 'abc') return picks > 0 ? (ABC_COLORS[l.proposedAbc[i] ?? 3] ?? '') : token.colorFillSecondary;
      return picks > 0 ? heatColor(heatOf(picks, data.maxPicks)) : token.colorFillSecondary;
    });
  }, [data, mode, token.colorFillSecondary]);
  const areaBars = useMemo(() => {
    if (!data?.truncated) return undefined;
    const max = Math.max(1, ...data.areas.map((a) => a.picks));
    return new Map(
      data.areas.map((a) => [
        a.id,
        [{ color: a.picks ? heatColor(heatOf(a.picks, max)) : token.colorFillSecondary, value: 1 }],
      ]),
    );
  }, [data, token.colorFillSecondary]);
  const areaPicks = useMemo(() => new Map((data?.areas ?? []).map((a) => [a.id, a])), [data]);

  if (!data || !geometry)
    return (
      <Flex justify="center" align="center" style={{ height: 320 }}>
        {loading ? <Spin /> : <Empty description={t('common.noData')} />}
      </Flex>
    );
  const l = data.locations;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('pick.colourBy')}</Typography.Text>
          <Segmented
            size="small"
            value={mode}
            onChange={(v) => setMode(v as 'picks' | 'abc')}
            options={[
              { value: 'picks', label: t('pick.byPicks') },
              { value: 'abc', label: t('pick.byClass') },
            ]}
          />
        </Flex>
        {mode === 'picks' ? (
          <Flex align="center" gap={6} style={{ fontSize: 12 }} aria-hidden>
            <i style={{ width: 12, height: 12, borderRadius: 2, background: token.colorFillSecondary }} />
            <span>{t('pick.noPicks')}</span>
            <span style={{ marginLeft: 8 }}>{t('pick.heatLegendLow')}</span>
            <i
              style={{
                width: 120,
                height: 10,
                borderRadius: 2,
                background: `linear-gradient(90deg, ${[0, 0.25, 0.5, 0.75, 1].map(heatColor).join(', ')})`,
              }}
            />
            <span>
              {t('pick.heatLegendHigh')} ({data.maxPicks})
            </span>
          </Flex>
        ) : (
          <Flex align="center" gap={10} style={{ fontSize: 12 }} aria-hidden>
            {[AbcClass.a, AbcClass.b, AbcClass.c].map((c) => (
              <Flex key={c} align="center" gap={4}>
                <i style={{ width: 12, height: 12, borderRadius: 2, background: ABC_COLORS[c] }} />
                {ABC_LETTER[c]}
              </Flex>
            ))}
            <Flex align="center" gap={4}>
              <i style={{ width: 12, height: 12, borderRadius: 2, background: token.colorFillSecondary }} />
              {t('pick.noPicks')}
            </Flex>
          </Flex>
        )}
      </Flex>
      {data.truncated ? <Alert type="info" showIcon title={t('pick.heatTruncated', { total: data.total })} /> : null}
      <PlanCanvas
        geometry={geometry}
        colors={colors}
        areaBars={areaBars}
        height={420}
        testId="pick-heatmap"
        locationTooltip={(i) =>
          t('pick.heatTooltip', {
            code: l.code[i],
            picks: l.picks[i] ?? 0,
            abc: ABC_LETTER[l.proposedAbc[i] ?? 3],
          })
        }
        areaTooltip={(a) =>
          t('pick.areaTooltip', { code: a.code, name: a.name, picks: areaPicks.get(a.id)?.picks ?? 0 })
        }
        onAreaClick={(a) => onAreaClick(a.id)}
      />
    </Flex>
  );
}
