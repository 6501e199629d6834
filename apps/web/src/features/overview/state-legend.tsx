import { OverviewStateEnum } from '@shelfwise/contract/enums';
import { Flex, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '../system';
import { LEGEND_ORDER, OUTSIDE } from './overview-states';
import './overview.texts';

/** The label of a state value (0: outside the task). */
export function useStateLabel() {
  const { t } = useTranslation('overview');
  const label = useEnumLabel(OverviewStateEnum);
  return (state: number) => (state === OUTSIDE ? t('legend.outside') : label(state));
}

/**
 * The colours of the count states with how many locations each has. A click on an entry shows that state alone
 * (the others fade); another click on it, or on a second entry, adds to or removes from what is shown.
 */
export function StateLegend({
  counts,
  palette,
  only,
  onToggle,
  vertical,
}: {
  counts: ReadonlyMap<number, number>;
  palette: Record<number, string>;
  only: ReadonlySet<number>;
  onToggle: (state: number) => void;
  vertical?: boolean;
}) {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  const stateLabel = useStateLabel();
  return (
    <Flex wrap gap={6} vertical={vertical} data-testid="state-legend" role="group" aria-label={t('legend.title')}>
      {LEGEND_ORDER.filter((s) => s !== OUTSIDE || (counts.get(OUTSIDE) ?? 0) > 0).map((s) => {
        const count = counts.get(s) ?? 0;
        const shown = only.size === 0 || only.has(s);
        return (
          <Tooltip key={s} title={only.has(s) ? t('legend.showAll') : t('legend.showOnly')}>
            <button
              type="button"
              data-testid={`legend-${s}`}
              data-count={count}
              aria-pressed={only.has(s)}
              onClick={() => onToggle(s)}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: '2px 10px 2px 6px',
                borderRadius: 999,
                border: `1px solid ${only.has(s) ? token.colorPrimary : token.colorBorderSecondary}`,
                background: only.has(s) ? token.colorPrimaryBg : token.colorBgContainer,
                color: token.colorText,
                opacity: shown ? 1 : 0.45,
                cursor: 'pointer',
                font: 'inherit',
                fontSize: 12,
                lineHeight: '20px',
                whiteSpace: 'nowrap',
              }}
            >
              <span
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: 3,
                  background: palette[s],
                  boxShadow: `inset 0 0 0 1px ${token.colorBorder}`,
                }}
              />
              <span>{stateLabel(s)}</span>
              <span style={{ fontVariantNumeric: 'tabular-nums', color: token.colorTextSecondary }}>
                {count.toLocaleString()}
              </span>
            </button>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** The set of shown states after a click on one legend entry. */
export function toggleState(only: ReadonlySet<number>, state: number): Set<number> {
  const next = new Set(only);
  if (next.has(state)) next.delete(state);
  else next.add(state);
  return next;
}
