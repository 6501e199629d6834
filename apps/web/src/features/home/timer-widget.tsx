import { CaretRightOutlined, PauseOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetFrame } from '../../components/widget-frame';
import { dayjs } from '../../lib/i18n/dayjs';
import { useTheme } from '../../lib/theme/theme-store';
import { useAccent } from './accent';
import { longDate } from './long-date';
import type { WidgetProps } from './widget-types';

/** The current time, re-rendered every `ms` (on the next whole tick, so the seconds change together). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(Date.now());
      timer = setTimeout(tick, ms - (Date.now() % ms));
    };
    timer = setTimeout(tick, ms - (Date.now() % ms));
    return () => clearTimeout(timer);
  }, [ms]);
  return now;
}

/** `mm:ss.t` (or `h:mm:ss.t` past an hour) of a duration. */
export function stopwatchText(elapsed: number): string {
  const tenths = Math.floor(elapsed / 100) % 10;
  const s = Math.floor(elapsed / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const mmss = `${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.${tenths}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss;
}

/** A stopwatch: start, pause, reset; keeps running while the user works in another tab of the app. */
function Stopwatch() {
  const { t } = useTranslation('home');
  const [state, setState] = useState<{ since: number | null; kept: number }>({ since: null, kept: 0 });
  const running = state.since !== null;
  const now = useNow(running ? 100 : 60_000);
  const elapsed = state.kept + (state.since !== null ? Math.max(0, now - state.since) : 0);
  return (
    <Flex align="center" justify="space-between" gap={8} wrap>
      <Typography.Text type="secondary">{t('timer.stopwatch')}</Typography.Text>
      <span
        style={{ fontVariantNumeric: 'tabular-nums', fontSize: 18, fontWeight: 500 }}
        data-testid="stopwatch"
        role="timer"
      >
        {stopwatchText(elapsed)}
      </span>
      <Flex gap={4}>
        <Button
          size="small"
          type={running ? 'default' : 'primary'}
          icon={running ? <PauseOutlined /> : <CaretRightOutlined />}
          onClick={() =>
            setState((s) =>
              s.since === null
                ? { since: Date.now(), kept: s.kept }
                : { since: null, kept: s.kept + (Date.now() - s.since) },
            )
          }
        >
          {running ? t('timer.pause') : t('timer.start')}
        </Button>
        <Button
          size="small"
          icon={<UndoOutlined />}
          disabled={!running && state.kept === 0}
          onClick={() => setState({ since: null, kept: 0 })}
        >
          {t('timer.reset')}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Clock: the time with seconds and today's date in the user's language, and a stopwatch. */
export function TimerWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const accent = useAccent();
  const language = useTheme((s) => s.language);
  const now = dayjs(useNow(1000));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <WidgetFrame title={t('widgets.timer')} extra={controls} testId="widget-timer">
      <div style={{ textAlign: 'center' }}>
        <time
          dateTime={now.format('YYYY-MM-DDTHH:mm:ss')}
          data-testid="clock"
          style={{
            display: 'block',
            fontSize: 40,
            lineHeight: 1.2,
            fontWeight: 600,
            letterSpacing: 1,
            fontVariantNumeric: 'tabular-nums',
            color: accent,
          }}
        >
          {now.format('HH:mm:ss')}
        </time>
        <Typography.Text>{longDate(now, language)}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('timer.zone', { zone })}
        </Typography.Text>
      </div>
      <Divider style={{ margin: '12px 0' }} />
      <Stopwatch />
    </WidgetFrame>
  );
}
