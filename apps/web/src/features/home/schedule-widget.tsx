import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Calendar, Tag, Typography, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../components/crud';
import { WidgetFrame } from '../../components/widget-frame';
import { dayjs } from '../../lib/i18n/dayjs';
import { useTheme } from '../../lib/theme/theme-store';
import { type ScheduleItem, useSchedule } from './home.api';
import { ScheduleDialog, type ScheduleTarget } from './schedule-dialog';
import type { WidgetProps } from './widget-types';

/** Whether an item is on a `YYYY-MM-DD` day (its texts are on the tenant clock, compared as texts). */
const onDay = (item: ScheduleItem, day: string) =>
  item.startTime.slice(0, 10) <= day && item.endTime.slice(0, 10) >= day;

/** The time part an item shows on a day: all day, its times, or where it starts or ends. */
function timeOf(item: ScheduleItem, day: string, allDay: string) {
  if (item.allDay) return allDay;
  const start = item.startTime.slice(0, 10) === day ? item.startTime.slice(11, 16) : '…';
  const end = item.endTime.slice(0, 10) === day ? item.endTime.slice(11, 16) : '…';
  return start === end ? start : `${start} – ${end}`;
}

/** Schedule: a month calendar with the user's items marked, the chosen day's items, add / edit / delete. */
export function ScheduleWidget({ controls }: WidgetProps) {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const can = useCan();
  const language = useTheme((s) => s.language);
  const [selected, setSelected] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [editing, setEditing] = useState<ScheduleTarget | null>(null);
  // the six weeks the month panel shows
  const from = month.startOf('month').startOf('week').format('YYYY-MM-DD');
  const to = month.startOf('month').startOf('week').add(41, 'day').format('YYYY-MM-DD');
  const items = useSchedule(from, to);
  const list = items.data ?? [];
  const day = selected.format('YYYY-MM-DD');
  const ofDay = useMemo(() => list.filter((i) => onDay(i, day)), [list, day]);

  const add = can('sysSchedule:add') ? (
    <Button
      type="text"
      size="small"
      icon={<PlusOutlined />}
      onClick={() => setEditing({ day: selected })}
      aria-label={t('schedule.add')}
      title={t('schedule.add')}
      data-testid="schedule-add"
    />
  ) : null;

  return (
    <WidgetFrame title={t('widgets.schedule')} extra={controls ?? add} testId="widget-schedule">
      <div className="sw-home-schedule">
        <Calendar
          fullscreen={false}
          value={selected}
          onSelect={(d, info) => {
            setSelected(d);
            if (info.source !== 'date') setMonth(d.startOf('month'));
          }}
          onPanelChange={(d) => setMonth(d.startOf('month'))}
          fullCellRender={(d, info) => {
            if (info.type !== 'date') return info.originNode;
            const key = d.format('YYYY-MM-DD');
            const dots = list.filter((i) => onDay(i, key)).slice(0, 3);
            return (
              <div className="ant-picker-cell-inner sw-home-cal-cell" data-date={key}>
                <span>{d.date()}</span>
                <span className="sw-home-cal-dots" aria-hidden>
                  {dots.map((i) => (
                    <i key={i.id} style={{ background: token[i.color] }} />
                  ))}
                </span>
              </div>
            );
          }}
        />
        <div className="sw-home-day" data-testid="schedule-day">
          <Typography.Text strong>
            {selected.format(language === 'en' ? 'dddd, D MMMM' : 'M月D日 dddd')}
          </Typography.Text>
          {ofDay.length ? (
            <ul>
              {ofDay.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    className="sw-home-day-item"
                    onClick={() => setEditing({ item: i })}
                    data-testid="schedule-item"
                  >
                    <Badge color={token[i.color]} />
                    <span className="sw-home-day-time">{timeOf(i, day, t('schedule.allDayTag'))}</span>
                    <span className="sw-home-day-title">{i.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
              {t('schedule.none')}
            </Typography.Paragraph>
          )}
          {items.isError ? <Tag color="warning">{t('loadFailed')}</Tag> : null}
        </div>
      </div>
      <ScheduleDialog target={editing} onClose={() => setEditing(null)} />
    </WidgetFrame>
  );
}
