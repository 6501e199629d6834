import { CODE128_QUIET_ZONE, code128Bars, encodeCode128 } from '@shelfwise/contract';
import QRCode from 'qrcode';
import { type CSSProperties, memo } from 'react';

/**
 * A Code 128 barcode as one SVG path, `modules` wide in its view box; the caller gives its size in mm. Quiet zones
 * are left to the caller's layout (`CODE128_QUIET_ZONE` modules each side).
 */
export const Code128Svg = memo(function Code128Svg(props: {
  code: string;
  module: number;
  height: number;
  style?: CSSProperties;
}) {
  const symbol = encodeCode128(props.code);
  const d = code128Bars(symbol)
    .map(([x, w]) => `M${x} 0h${w}v1h-${w}z`)
    .join('');
  return (
    <svg
      data-barcode={props.code}
      viewBox={`0 0 ${symbol.modules} 1`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      style={{ ...props.style, width: `${symbol.modules * props.module}mm`, height: `${props.height}mm` }}
      role="img"
      aria-label={props.code}
    >
      <path d={d} fill="#000" />
    </svg>
  );
});

/** Modules of a Code 128 symbol of the text, quiet zones included (to size its module width before drawing). */
export const code128Width = (code: string) => encodeCode128(code).modules + 2 * CODE128_QUIET_ZONE;

/** A QR code (error correction M) as one SVG path of dark-module runs, `size` mm square. */
export const QrSvg = memo(function QrSvg(props: { code: string; size: number; style?: CSSProperties }) {
  const modules = QRCode.create(props.code, { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      d += `M${start} ${row}h${col - start}v1h-${col - start}z`;
    }
  }
  return (
    <svg
      data-qr={props.code}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      style={{ ...props.style, width: `${props.size}mm`, height: `${props.size}mm` }}
      role="img"
      aria-label={props.code}
    >
      <path d={d} fill="#000" />
    </svg>
  );
});
