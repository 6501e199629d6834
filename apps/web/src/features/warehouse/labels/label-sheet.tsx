import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Code128Svg, code128Width, QrSvg } from './label-codes';
import type { LabelLayout, LocationLabel } from './labels.api';

/** Page and label sizes in mm, font sizes in mm; the same sheets as the server's PDF. */
interface Geometry {
  page: [number, number];
  cols: number;
  rows: number;
  left: number;
  top: number;
  label: [number, number];
  pad: number;
  qr: number;
  barHeight: number;
  maxModule: number;
  codeSize: number;
  smallSize: number;
}

// A4 with 3 x 8 labels of 70 x 37 mm edge to edge (the common 24-up sheet); one 100 x 50 mm label per page
const GEOMETRY: Record<LabelLayout, Geometry> = {
  'a4-3x8': {
    page: [210, 297],
    cols: 3,
    rows: 8,
    left: 0,
    top: 0.5,
    label: [70, 37],
    pad: 3.5,
    qr: 15,
    barHeight: 11,
    maxModule: 0.5,
    codeSize: 5.6,
    smallSize: 2.5,
  },
  'label-100x50': {
    page: [100, 50],
    cols: 1,
    rows: 1,
    left: 0,
    top: 0,
    label: [100, 50],
    pad: 4,
    qr: 24,
    barHeight: 15,
    maxModule: 0.6,
    codeSize: 9.2,
    smallSize: 3.2,
  },
};

/** Labels per printed page of a layout. */
export const labelsPerPage = (layout: LabelLayout) => GEOMETRY[layout].cols * GEOMETRY[layout].rows;

/** The page size of a layout, for the print style's `@page`. */
export const pageSize = (layout: LabelLayout) => GEOMETRY[layout].page;

const FONT = 'Helvetica, Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif';
const mm = (v: number) => `${v}mm`;

function Label({ label, g, x, y }: { label: LocationLabel; g: Geometry; x: number; y: number }) {
  const { t } = useTranslation('labels');
  const [w, h] = g.label;
  const inner = w - 2 * g.pad;
  const textWidth = inner - g.qr - 2;
  // bold sans-serif digits and capitals run about 0.62 em wide: shrink long codes to fit beside the QR code
  const codeSize = Math.min(g.codeSize, textWidth / (label.code.length * 0.62));
  const module = Math.min(g.maxModule, inner / code128Width(label.code));
  const where = (['aisle', 'bay', 'level', 'slot'] as const)
    .filter((k) => label[k])
    .map((k) => `${t(k)} ${label[k]}`)
    .join('\u2003');
  const line = (top: number, size: number) =>
    ({
      position: 'absolute',
      left: mm(g.pad),
      top: mm(top),
      width: mm(textWidth),
      fontSize: mm(size),
      lineHeight: 1.15,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
    }) as const;
  const smallTop = g.pad + g.codeSize * 1.15 + 1;
  return (
    <div
      data-label-code={label.code}
      style={{ position: 'absolute', left: mm(x), top: mm(y), width: mm(w), height: mm(h), overflow: 'hidden' }}
    >
      <div style={{ ...line(g.pad, codeSize), fontWeight: 700 }}>{label.code}</div>
      <div style={line(smallTop, g.smallSize)}>
        {label.warehouseCode} · {label.areaCode}
      </div>
      {where ? <div style={line(smallTop + g.smallSize * 1.4, g.smallSize)}>{where}</div> : null}
      <QrSvg
        code={label.code}
        size={g.qr}
        style={{ position: 'absolute', left: mm(w - g.pad - g.qr), top: mm(g.pad) }}
      />
      <div
        style={{
          position: 'absolute',
          left: mm(g.pad),
          top: mm(h - g.pad - g.barHeight),
          width: mm(inner),
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <Code128Svg code={label.code} module={module} height={g.barHeight} />
      </div>
    </div>
  );
}

/**
 * The printable sheet: pages of the layout's real size in mm, labels placed absolutely, a page break after each
 * page. Only inline styles, so its markup prints the same in a separate document.
 */
export function LabelSheet({
  labels,
  layout,
  ref,
}: {
  labels: readonly LocationLabel[];
  layout: LabelLayout;
  ref?: Ref<HTMLDivElement>;
}) {
  const g = GEOMETRY[layout];
  const perPage = g.cols * g.rows;
  const pages: LocationLabel[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  const [pw, ph] = g.page;
  return (
    <div ref={ref} data-testid="label-sheet" data-layout={layout} style={{ fontFamily: FONT, color: '#000' }}>
      {pages.map((page, p) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's number is its identity
          key={p}
          data-label-page={p + 1}
          style={{
            position: 'relative',
            width: mm(pw),
            // a hair under the paper, so rounding never spills a blank page
            height: mm(ph - 0.5),
            overflow: 'hidden',
            background: '#fff',
            breakAfter: p < pages.length - 1 ? 'page' : 'auto',
            breakInside: 'avoid',
          }}
        >
          {page.map((label, i) => (
            <Label
              // biome-ignore lint/suspicious/noArrayIndexKey: a label's place on the page is its identity
              key={i}
              label={label}
              g={g}
              x={g.left + (i % g.cols) * g.label[0]}
              y={g.top + Math.floor(i / g.cols) * g.label[1]}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
