import {
  CloudOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  SoundOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSoundEnabled, soundEnabled } from './scan-feedback';
import type { ScanProblem } from './scan-queue';
import type { SyncState } from './scan-sync';
import './scan.texts';

/**
 * The workbench's header strip: online / offline, scans still on the device, the problems list, and sound.
 * `data-testid`s: scan-online-badge (data-state online|offline), scan-queue-count (data-count), scan-problems-button.
 */
export function ScanStatus(props: {
  online: boolean;
  queued: number;
  sync: SyncState;
  problems: number;
  onSyncNow: () => void;
  onProblems: () => void;
}) {
  const { t } = useTranslation('scan');
  const [sound, setSound] = useState(soundEnabled);
  const retry = props.sync.nextRetryAt
    ? t('nextRetry', { time: dayjs(props.sync.nextRetryAt).format('HH:mm:ss') })
    : '';
  return (
    <div className="sw-scan-status">
      <Tag
        data-testid="scan-online-badge"
        data-state={props.online ? 'online' : 'offline'}
        color={props.online ? 'success' : 'error'}
        icon={props.online ? <CloudOutlined /> : <DisconnectOutlined />}
        className="sw-scan-tag"
      >
        {props.online ? t('online') : t('offline')}
      </Tag>
      <Tooltip title={[t('queuedTitle'), retry].filter(Boolean).join(' · ')}>
        <Button
          size="small"
          data-testid="scan-queue-count"
          data-count={props.queued}
          icon={<CloudSyncOutlined spin={props.sync.running} />}
          onClick={props.onSyncNow}
          aria-label={t('syncNow')}
        >
          {t('queued', { count: props.queued })}
        </Button>
      </Tooltip>
      <Badge count={props.problems} size="small">
        <Button
          size="small"
          danger={props.problems > 0}
          icon={<WarningOutlined />}
          onClick={props.onProblems}
          data-testid="scan-problems-button"
          data-count={props.problems}
        >
          {t('problems')}
        </Button>
      </Badge>
      <Button
        size="small"
        type="text"
        icon={<SoundOutlined style={{ opacity: sound ? 1 : 0.35 }} />}
        aria-label={sound ? t('soundOn') : t('soundOff')}
        title={sound ? t('soundOn') : t('soundOff')}
        aria-pressed={sound}
        data-testid="scan-sound-toggle"
        onClick={() => {
          setSoundEnabled(!sound);
          setSound(!sound);
        }}
      />
    </div>
  );
}

/** The scans the server refused, with the translated reason; the counter dismisses them once read. */
export function ScanProblems(props: {
  open: boolean;
  problems: ScanProblem[];
  locationCode: (subTaskId: number, locationId: number) => string;
  onDismiss: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('scan');
  const reason = (p: ScanProblem) =>
    p.errorCode ? t(`error.server.${p.errorCode}`, { defaultValue: p.message ?? p.errorCode }) : (p.message ?? '');
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      title={t('problemList.title')}
      placement="bottom"
      size="large"
      extra={
        props.problems.length > 1 ? (
          <Button onClick={() => props.onDismiss(props.problems.map((p) => p.id))}>
            {t('problemList.dismissAll')}
          </Button>
        ) : null
      }
    >
      {props.problems.length === 0 ? (
        <Empty description={t('problemList.empty')} />
      ) : (
        <ul className="sw-scan-problems">
          {props.problems.map((p) => {
            const kind = p.entry.op === 'confirm' ? 'confirm' : (p.entry.input?.kind ?? 'unit');
            const where = p.entry.input ?? p.entry.confirm;
            return (
              <li key={p.id} data-testid="scan-problem-row" data-error={p.errorCode ?? ''}>
                <div className="sw-scan-problem-main">
                  <Typography.Text strong>
                    {t(`problemList.kind.${kind}`)} {p.entry.input?.code ?? ''}
                  </Typography.Text>
                  <Typography.Text type="danger">{reason(p)}</Typography.Text>
                  <Typography.Text type="secondary" className="sw-scan-small">
                    {t('problemList.at', {
                      location: where ? props.locationCode(where.subTaskId, where.locationId) : '',
                      time: dayjs(p.entry.createdAt).format('MM-DD HH:mm:ss'),
                    })}
                  </Typography.Text>
                </div>
                <Button onClick={() => props.onDismiss([p.id])} data-testid="scan-problem-dismiss">
                  {t('problemList.dismiss')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Drawer>
  );
}
