import { enumLabel, InventoryStatusEnum, ItemResult, ItemResultEnum } from '@shelfwise/contract/enums';
import { Empty, Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../lib/theme/theme-store';
import { accuracyOf, arcPath } from './chart-math';
import type { ChartData } from './home.api';

type Token = ReturnType<typeof theme.useToken>['token'];

/** The colour of a count result (null: not counted). */
function resultColor(token: Token, result: number | null): string {
  switch (result) {
    case ItemResult.match:
      return token.colorSuccess;
    case ItemResult.over:
      return token.colorWarning;
    case ItemResult.short:
      return token.colorError;
    case ItemResult.unexpected:
      return token.purple;
    case ItemResult.missing:
      return token.magenta;
    default:
      return token.colorFillSecondary;
  }
}

/** Tag types of the shared enums as chart colours. */
function tagColor(token: Token, tagType: string | undefined): string {
  switch (tagType) {
    case 'primary':
      return token.colorPrimary;
    case 'success':
      return token.colorSuccess;
    case 'warning':
      return token.colorWarning;
    case 'danger':
      return token.colorError;
    default:
      return token.colorTextQuaternary;
  }
}

const SIZE = 150;

/** Lines of open counts by result: a ring with the accuracy in its middle, and a legend with the counts. */
export function ResultsChart({ results }: { results: ChartData['results'] }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const language = useTheme((s) => s.language);
  const total = results.reduce((n, r) => n + r.count, 0);
  if (!total) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.noResults')} />;
  const accuracy = accuracyOf(results, ItemResult.match);
  // matches first, then the differences, the uncounted last
  const ordered = [...results].sort((a, b) => (a.result ?? 99) - (b.result ?? 99));
  let angle = 0;
  const name = (r: number | null) =>
    r === null ? t('charts.notCounted') : (enumLabel(ItemResultEnum, r, language) ?? String(r));
  return (
    <div>
      <Typography.Text type="secondary">{t('charts.resultsTitle')}</Typography.Text>
      <Flex gap={16} align="center" wrap justify="center" style={{ marginTop: 8 }} data-testid="chart-results">
        <svg width={SIZE} height={SIZE} role="img" aria-label={t('charts.resultsTitle')}>
          {ordered.map((r) => {
            const a0 = angle;
            angle += (r.count / total) * Math.PI * 2;
            return (
              <path
                key={String(r.result)}
                d={arcPath(SIZE / 2, SIZE / 2, SIZE / 2 - 2, SIZE / 2 - 22, a0, angle)}
                fill={resultColor(token, r.result)}
                stroke={token.colorBgContainer}
                strokeWidth={1.5}
              >
                <title>{`${name(r.result)}: ${r.count}`}</title>
              </path>
            );
          })}
          <text x={SIZE / 2} y={SIZE / 2 - 2} textAnchor="middle" fontSize={22} fontWeight={600} fill={token.colorText}>
            {accuracy === null ? '–' : `${(accuracy * 100).toFixed(accuracy === 1 ? 0 : 1)}%`}
          </text>
          <text x={SIZE / 2} y={SIZE / 2 + 16} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
            {t('charts.accuracy')}
          </text>
        </svg>
        <ul className="sw-home-legend">
          {ordered.map((r) => (
            <li key={String(r.result)}>
              <i className="sw-home-key" style={{ background: resultColor(token, r.result) }} />
              <span>{name(r.result)}</span>
              <strong>{r.count.toLocaleString()}</strong>
            </li>
          ))}
          <li className="sw-home-legend-total">
            <Tooltip title={t('charts.accuracyHint')}>
              <span>{t('charts.total')}</span>
            </Tooltip>
            <strong>{total.toLocaleString()}</strong>
          </li>
        </ul>
      </Flex>
    </div>
  );
}

/** Count tasks by status: one bar each, the widest the most. */
export function TasksChart({ tasks }: { tasks: ChartData['tasks'] }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const language = useTheme((s) => s.language);
  const max = Math.max(0, ...tasks.map((x) => x.count));
  if (!max) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.noTasks')} />;
  return (
    <div>
      <Typography.Text type="secondary">{t('charts.tasksTitle')}</Typography.Text>
      <ul className="sw-home-bars" data-testid="chart-tasks">
        {tasks.map((x) => {
          const member = InventoryStatusEnum.members.find((m) => m.value === x.status);
          return (
            <li key={x.status}>
              <span className="sw-home-bars-label">
                {enumLabel(InventoryStatusEnum, x.status, language) ?? x.status}
              </span>
              <span className="sw-home-bars-track" style={{ background: token.colorFillQuaternary }}>
                <span
                  className="sw-home-bars-fill"
                  style={{
                    width: `${Math.max(2, (x.count / max) * 100)}%`,
                    background: tagColor(token, member?.tagType),
                  }}
                />
              </span>
              <strong>{x.count}</strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
