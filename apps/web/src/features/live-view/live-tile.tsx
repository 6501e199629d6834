import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveStream } from './live-view.api';
import { type PlayState, playStream } from './stream-player';

const BADGE = { connecting: 'processing', playing: 'success', failed: 'error' } as const;

/**
 * One camera: its name, its state (connecting, playing, failed and why), the picture, reconnect and full screen.
 * The stream plays while the tile is mounted (a hidden tab unmounts it, which ends the connection).
 */
export function LiveTile({ stream, reloadKey }: { stream: LiveStream; reloadKey: number }) {
  const { t } = useTranslation('liveView');
  const tileRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLVideoElement & HTMLImageElement>(null);
  const [state, setState] = useState<PlayState>({ kind: 'connecting' });
  const [attempt, setAttempt] = useState(0);
  const [full, setFull] = useState(false);
  const [expanded, setExpanded] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a reconnect or a reload starts the stream again
  useEffect(() => {
    const element = mediaRef.current;
    if (!element) return;
    return playStream(element, { protocol: stream.protocol, url: stream.url }, setState);
  }, [stream.protocol, stream.url, attempt, reloadKey]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === tileRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const tile = tileRef.current;
    if (!tile) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (tile.requestFullscreen && document.fullscreenEnabled) {
      void tile.requestFullscreen().catch(() => setExpanded(true));
    } else {
      setExpanded((e) => !e);
    }
  }, []);
  const isFull = full || expanded;

  const reason =
    state.kind === 'failed'
      ? t(`reason.${state.reason}`, { ...state.params, interpolation: { escapeValue: false } })
      : '';
  return (
    <div
      ref={tileRef}
      className={`sw-live-tile${expanded ? ' sw-live-tile-expanded' : ''}`}
      data-testid="live-tile"
      data-stream={stream.name}
      data-state={state.kind}
      data-reason={state.kind === 'failed' ? state.reason : undefined}
    >
      <div className="sw-live-tile-head">
        <Tooltip title={stream.url}>
          <span className="sw-live-tile-name">{stream.name}</span>
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`protocol.${stream.protocol}`)}
        </Typography.Text>
        <span data-testid="live-tile-state">
          <Badge status={BADGE[state.kind]} text={t(`state.${state.kind}`)} />
        </span>
        <Tooltip title={t('tile.reconnect')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('tile.reconnect')}
            onClick={() => setAttempt((n) => n + 1)}
            data-testid="live-tile-reconnect"
          />
        </Tooltip>
        <Tooltip title={isFull ? t('tile.exitFullscreen') : t('tile.fullscreen')}>
          <Button
            type="text"
            size="small"
            icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={isFull ? t('tile.exitFullscreen') : t('tile.fullscreen')}
            onClick={expanded ? () => setExpanded(false) : toggleFullscreen}
            data-testid="live-tile-fullscreen"
          />
        </Tooltip>
      </div>
      <div className="sw-live-screen">
        {stream.protocol === 'mjpeg' ? (
          <img ref={mediaRef} alt={stream.name} />
        ) : (
          <video ref={mediaRef} muted playsInline autoPlay aria-label={stream.name} title={t('tile.mute')} />
        )}
        {state.kind === 'connecting' ? (
          <div className="sw-live-overlay">
            <Spin />
            <span>{t('state.connecting')}</span>
          </div>
        ) : state.kind === 'failed' ? (
          <div className="sw-live-overlay" role="alert">
            <span className="sw-live-overlay-reason" data-testid="live-tile-reason">
              {reason}
            </span>
            {state.retryIn !== null ? <span>{t('state.retrying', { seconds: state.retryIn })}</span> : null}
            <Button size="small" ghost icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
              {t('tile.reconnect')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
