import { Flex, Typography, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccent } from './accent';
import { niceTop } from './chart-math';
import type { ChartData } from './home.api';
import { useWidth } from './use-width';

const HEIGHT = 190;
const PAD = { top: 10, right: 8, bottom: 22, left: 34 };

/**
 * Counting of the last 14 days: bars of lines counted, a line of scans (on its own scale, drawn over the bars).
 * Each day is focusable and says its figures; hovering or focusing shows them.
 */
export function ActivityChart({ days }: { days: ChartData['activity'] }) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const accent = useAccent();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [active, setActive] = useState<number | null>(null);
  const lines = niceTop(Math.max(0, ...days.map((d) => d.lines)));
  const scanTop = Math.max(1, ...days.map((d) => d.scans));
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = days.length ? plotW / days.length : 0;
  const y = (v: number) => PAD.top + plotH - (v / lines.top) * plotH;
  const yScan = (v: number) => PAD.top + plotH - (v / scanTop) * plotH * 0.9;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const every = slot < 34 ? 2 : 1;
  const label = (d: ChartData['activity'][number]) =>
    t('charts.day', { date: d.date, lines: d.lines, scans: d.scans, counters: d.counters });
  const shown = active === null ? undefined : days[active];

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 4 }}>
        <Typography.Text type="secondary">{t('charts.activityTitle')}</Typography.Text>
        <Flex gap={12} style={{ fontSize: 12 }} aria-hidden>
          <span>
            <i className="sw-home-key" style={{ background: accent }} />
            {t('charts.lines')}
          </span>
          <span>
            <i className="sw-home-key sw-home-key-line" style={{ background: token.colorWarning }} />
            {t('charts.scans')}
          </span>
        </Flex>
      </Flex>
      <div ref={box} className="sw-home-chart" data-testid="chart-activity">
        {width > 0 ? (
          <svg width={width} height={HEIGHT} aria-label={t('charts.activityTitle')}>
            {lines.ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke={token.colorBorderSecondary}
                  strokeDasharray={tick ? '3 3' : undefined}
                />
                <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={token.colorTextTertiary}>
                  {tick}
                </text>
              </g>
            ))}
            {days.map((d, i) => {
              const barW = Math.max(2, Math.min(24, slot * 0.55));
              return (
                // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a day is focusable so keyboard users get its figures
                <g
                  key={d.date}
                  tabIndex={0}
                  role="img"
                  aria-label={label(d)}
                  onMouseEnter={() => setActive(i)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(null)}
                  className="sw-home-chart-day"
                >
                  <rect
                    x={PAD.left + slot * i}
                    y={PAD.top}
                    width={slot}
                    height={plotH}
                    fill={active === i ? token.colorFillTertiary : 'transparent'}
                  />
                  <rect
                    x={x(i) - barW / 2}
                    y={y(d.lines)}
                    width={barW}
                    height={Math.max(0, PAD.top + plotH - y(d.lines))}
                    rx={2}
                    fill={accent}
                    opacity={active === null || active === i ? 1 : 0.55}
                  />
                  {i % every === (days.length - 1) % every ? (
                    <text x={x(i)} y={HEIGHT - 6} textAnchor="middle" fontSize={11} fill={token.colorTextTertiary}>
                      {d.date.slice(5)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <polyline
              points={days.map((d, i) => `${x(i)},${yScan(d.scans)}`).join(' ')}
              fill="none"
              stroke={token.colorWarning}
              strokeWidth={2}
              strokeLinejoin="round"
              pointerEvents="none"
            />
            {days.map((d, i) => (
              <circle
                key={d.date}
                cx={x(i)}
                cy={yScan(d.scans)}
                r={active === i ? 4 : 2.5}
                fill={token.colorBgContainer}
                stroke={token.colorWarning}
                strokeWidth={2}
                pointerEvents="none"
              />
            ))}
          </svg>
        ) : null}
        {shown && active !== null ? (
          <div
            className="sw-home-tip"
            style={{
              left: Math.min(Math.max(x(active), 70), width - 70),
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              color: token.colorText,
            }}
            role="status"
          >
            <strong>{shown.date}</strong>
            <span>
              {t('charts.lines')}: {shown.lines}
            </span>
            <span>
              {t('charts.scans')}: {shown.scans}
            </span>
            <span>
              {t('charts.counters')}: {shown.counters}
            </span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
