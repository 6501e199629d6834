import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type LayoutKind, useTheme } from '../../lib/theme/theme-store';

const KINDS: { kind: LayoutKind; label: string }[] = [
  { kind: 'defaults', label: 'layoutDefaults' },
  { kind: 'classic', label: 'layoutClassic' },
  { kind: 'transverse', label: 'layoutTransverse' },
  { kind: 'columns', label: 'layoutColumns' },
];

/** A tiny drawing of one layout: dark blocks for menus, a light top bar, the page area. */
function Sketch({ kind }: { kind: LayoutKind }) {
  const { token } = theme.useToken();
  const menu: CSSProperties = { background: '#1d2b3a' };
  const bar: CSSProperties = { background: token.colorPrimary, opacity: 0.35 };
  const page: CSSProperties = { background: token.colorFillSecondary, flex: 1 };
  const box: CSSProperties = { display: 'flex', width: '100%', height: '100%', gap: 2 };
  if (kind === 'classic') {
    return (
      <div style={{ ...box, flexDirection: 'column' }}>
        <div style={{ ...menu, height: 9 }} />
        <div style={{ ...box, flex: 1 }}>
          <div style={{ ...menu, width: 12, opacity: 0.75 }} />
          <div style={page} />
        </div>
      </div>
    );
  }
  if (kind === 'transverse') {
    return (
      <div style={{ ...box, flexDirection: 'column' }}>
        <div style={{ ...menu, height: 9 }} />
        <div style={page} />
      </div>
    );
  }
  return (
    <div style={box}>
      <div style={{ ...menu, width: kind === 'columns' ? 7 : 14 }} />
      {kind === 'columns' ? <div style={{ ...menu, width: 11, opacity: 0.6 }} /> : null}
      <div style={{ ...box, flexDirection: 'column', flex: 1 }}>
        <div style={{ ...bar, height: 7 }} />
        <div style={page} />
      </div>
    </div>
  );
}

/** The four layouts as clickable thumbnails. */
export function LayoutThumbs() {
  const { t } = useTranslation('settings');
  const { token } = theme.useToken();
  const layout = useTheme((s) => s.layout);
  const set = useTheme((s) => s.set);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 10 }}>
      {KINDS.map(({ kind, label }) => {
        const active = layout === kind;
        return (
          <button
            key={kind}
            type="button"
            aria-pressed={active}
            aria-label={t(label)}
            data-layout-thumb={kind}
            onClick={() => set({ layout: kind })}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 6,
              padding: 0,
              border: 0,
              background: 'none',
              cursor: 'pointer',
              color: active ? token.colorPrimary : token.colorTextSecondary,
              fontSize: 12,
            }}
          >
            <span
              style={{
                display: 'block',
                width: '100%',
                height: 48,
                padding: 4,
                boxSizing: 'border-box',
                borderRadius: 6,
                background: token.colorBgContainer,
                border: `2px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
                boxShadow: active ? `0 0 0 3px ${token.colorPrimaryBg}` : undefined,
                transition: 'border-color 0.2s, box-shadow 0.2s',
              }}
            >
              <Sketch kind={kind} />
            </span>
            <span style={{ fontWeight: active ? 600 : 400 }}>{t(label)}</span>
          </button>
        );
      })}
    </div>
  );
}
