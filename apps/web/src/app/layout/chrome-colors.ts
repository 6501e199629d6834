import { theme } from 'antd';
import { useTheme } from '../../lib/theme/theme-store';

/** Relative luminance (WCAG) of a #rgb / #rrggbb colour; unknown formats count as dark. */
export function luminance(color: string): number {
  let hex = color.trim().replace(/^#/, '');
  if (hex.length === 3 || hex.length === 4) hex = [...hex.slice(0, 3)].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}/i.test(hex)) return 0;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether light text reads better than dark text on a background (contrast against white vs black). */
export const isDarkColor = (bg: string): boolean => {
  const l = luminance(bg);
  return 1.05 / (l + 0.05) > (l + 0.05) / 0.05;
};

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(color: string, amount: number): string {
  const hex = color.replace(/^#/, '');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return color;
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const out = [0, 2, 4].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(v + (target - v) * a)
      .toString(16)
      .padStart(2, '0');
  });
  return `#${out.join('')}`;
}

/** Background, text colour and antd menu theme of one bar. */
export interface BarColors {
  bg: string;
  text: string;
  dark: boolean;
  /** antd's menu theme on this bar (the dark algorithm already darkens "light" menus) */
  menuTheme: 'light' | 'dark';
}

/**
 * The colours of the menu bar and the top bar: the configured colours in light mode, the dark surfaces of antd in
 * dark mode; text is light on dark backgrounds and dark on light ones.
 */
export function useBarColors(): { menu: BarColors; top: BarColors } {
  const { token } = theme.useToken();
  const { isDark, menuBar, topBar } = useTheme();
  const bar = (color: string): BarColors => {
    if (isDark) return { bg: token.colorBgContainer, text: token.colorText, dark: true, menuTheme: 'light' };
    const dark = isDarkColor(color);
    return {
      bg: color,
      text: dark ? 'rgba(255,255,255,0.88)' : 'rgba(0,0,0,0.88)',
      dark,
      menuTheme: dark ? 'dark' : 'light',
    };
  };
  return { menu: bar(menuBar), top: bar(topBar) };
}
