import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The "second verification" slider: drag the handle to the end; then it shows 'Verified'. */
export function DragVerify({ value, onChange }: { value?: boolean; onChange?: (v: boolean) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const track = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const HANDLE = 40;
  const max = () => (track.current?.clientWidth ?? 300) - HANDLE;

  const onPointerDown = (e: React.PointerEvent) => {
    if (value) return;
    start.current = e.clientX - offset;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (start.current === null || value) return;
    setOffset(Math.min(max(), Math.max(0, e.clientX - start.current)));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= max() - 2) {
      setOffset(max());
      onChange?.(true);
    } else setOffset(0);
  };

  return (
    <div
      ref={track}
      role="slider"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value ? 100 : Math.round((offset / max()) * 100)}
      aria-label={t('login.slider')}
      tabIndex={0}
      onKeyDown={(e) => {
        // keyboard users complete it with End or the right arrow held to the end
        if (value) return;
        if (e.key === 'End') {
          setOffset(max());
          onChange?.(true);
        } else if (e.key === 'ArrowRight') {
          const next = Math.min(max(), offset + max() / 5);
          setOffset(next);
          if (next >= max()) onChange?.(true);
        } else if (e.key === 'Home' || e.key === 'ArrowLeft') setOffset(0);
      }}
      style={{
        position: 'relative',
        height: HANDLE,
        borderRadius: token.borderRadius,
        background: value ? token.colorSuccessBg : token.colorFillTertiary,
        border: `1px solid ${value ? token.colorSuccessBorder : token.colorBorder}`,
        userSelect: 'none',
        overflow: 'hidden',
      }}
    >
      <div
        style={{
          position: 'absolute',
          inset: 0,
          width: offset + HANDLE,
          background: value ? 'transparent' : token.colorPrimaryBg,
        }}
      />
      <div
        style={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: value ? token.colorSuccess : token.colorTextSecondary,
          fontSize: 13,
        }}
      >
        {value ? t('login.sliderDone') : t('login.slider')}
      </div>
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        style={{
          position: 'absolute',
          top: 0,
          left: offset,
          width: HANDLE,
          height: HANDLE - 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token.colorBgContainer,
          borderRight: `1px solid ${token.colorBorder}`,
          cursor: value ? 'default' : 'grab',
          color: value ? token.colorSuccess : token.colorPrimary,
          touchAction: 'none',
        }}
      >
        {value ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
