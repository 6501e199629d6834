import { theme } from 'antd';
import { useTheme } from '../../lib/theme/theme-store';

/**
 * The colour of figures and marks that carry the brand: the primary colour, or in dark mode the link colour (the
 * dark algorithm darkens the primary colour, which then reads poorly on the dark background).
 */
export function useAccent(): string {
  const { token } = theme.useToken();
  const isDark = useTheme((s) => s.isDark);
  return isDark ? token.colorLink : token.colorPrimary;
}
