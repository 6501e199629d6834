import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTheme } from '../../lib/theme/theme-store';
import { type BarColors, shade } from './chrome-colors';

/**
 * Gives the controls of a coloured bar readable colours: on a dark bar of the light theme they switch to antd's dark
 * algorithm (light text), and menus take the bar's background.
 */
export function BarTheme({ colors, children }: { colors: BarColors; children: ReactNode }) {
  const isDark = useTheme((s) => s.isDark);
  const bg = colors.bg;
  const sub = colors.dark ? shade(bg, -0.22) : shade(bg, -0.03);
  return (
    <ConfigProvider
      theme={{
        // fields on a coloured bar: a see-through fill and border instead of the dark theme's near-black
        ...(colors.dark && !isDark
          ? {
              algorithm: theme.darkAlgorithm,
              token: { colorBgContainer: 'rgba(255,255,255,0.12)', colorBorder: 'rgba(255,255,255,0.3)' },
            }
          : {}),
        components: {
          Menu: {
            itemBg: bg,
            subMenuItemBg: isDark ? bg : sub,
            popupBg: bg,
            darkItemBg: bg,
            darkSubMenuItemBg: sub,
            darkPopupBg: bg,
          },
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/** Logo and site title; the title hides when the bar is folded. */
export function Brand({ color, folded, width }: { color: string; folded?: boolean; width?: number }) {
  const { logoUrl, globalTitle } = useTheme();
  return (
    <div
      style={{
        height: 50,
        width,
        flex: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: folded ? 'center' : undefined,
        gap: 10,
        padding: folded ? 0 : '0 18px',
        color,
        overflow: 'hidden',
        boxSizing: 'border-box',
      }}
    >
      <img src={logoUrl || '/logo.svg'} alt="" width={28} height={28} style={{ borderRadius: 6, flex: 'none' }} />
      {folded ? null : (
        <strong style={{ fontSize: 16, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {globalTitle}
        </strong>
      )}
    </div>
  );
}
