import type { Readable } from 'node:stream';
import { CODE128_QUIET_ZONE, code128Bars, encodeCode128, type zLabelLayout } from '@shelfwise/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { LocationLabel } from './location-labels';

/** A label PDF layout. */
export type LabelLayout = z.infer<typeof zLabelLayout>;

const PT_PER_MM = 72 / 25.4;

/** Where labels go on a page and how their parts are sized; lengths in mm, fonts in pt. */
interface Geometry {
  page: [number, number];
  cols: number;
  rows: number;
  /** Top-left corner of the first label. */
  left: number;
  top: number;
  label: [number, number];
  /** Distance between the corners of neighbouring labels. */
  pitch: [number, number];
  /** Blank border inside a label, so nothing lands on a die-cut edge or a printer's unprintable margin. */
  pad: number;
  qr: number;
  barHeight: number;
  /** Widest barcode module; narrow codes are not stretched past it. */
  maxModule: number;
  codePt: number;
  smallPt: number;
}

// A4 with 3 x 8 labels of 70 x 37 mm, edge to edge (the common 24-up sheet: Avery 3474, Herma 4453 and the like);
// 297 - 8 x 37 leaves 0.5 mm at top and bottom. A single 100 x 50 mm label per page suits thermal label printers.
const GEOMETRY: Record<LabelLayout, Geometry> = {
  'a4-3x8': {
    page: [210, 297],
    cols: 3,
    rows: 8,
    left: 0,
    top: 0.5,
    label: [70, 37],
    pitch: [70, 37],
    pad: 3.5,
    qr: 15,
    barHeight: 11,
    maxModule: 0.5,
    codePt: 16,
    smallPt: 7,
  },
  'label-100x50': {
    page: [100, 50],
    cols: 1,
    rows: 1,
    left: 0,
    top: 0,
    label: [100, 50],
    pitch: [100, 50],
    pad: 4,
    qr: 24,
    barHeight: 15,
    maxModule: 0.6,
    codePt: 26,
    smallPt: 9,
  },
};

/** Labels per page of a layout. */
export const labelsPerPage = (layout: LabelLayout) => GEOMETRY[layout].cols * GEOMETRY[layout].rows;

/** The second line of small text: aisle, bay, level and slot, where set. */
function position(label: LocationLabel): string {
  const parts: [string, string | null][] = [
    ['Aisle', label.aisle],
    ['Bay', label.bay],
    ['Level', label.level],
    ['Slot', label.slot],
  ];
  return parts
    .filter(([, v]) => v)
    .map(([k, v]) => `${k} ${v}`)
    .join('   ');
}

/** Draws one label with its top-left corner at (x, y) mm. Only ASCII fields: the built-in PDF fonts have no CJK. */
function drawLabel(doc: PDFKit.PDFDocument, g: Geometry, label: LocationLabel, x: number, y: number) {
  const mm = (v: number) => v * PT_PER_MM;
  const [w, h] = g.label;
  const inner = w - 2 * g.pad;
  const textWidth = inner - g.qr - 2;

  // the code, as large as fits beside the QR code
  const fit = (font: string, max: number, text: string) => {
    doc.font(font).fontSize(max);
    const width = doc.widthOfString(text);
    doc.fontSize(Math.max(5, width > mm(textWidth) ? (max * mm(textWidth)) / width : max));
  };
  const line = (text: string, top: number) =>
    doc.text(text, mm(x + g.pad), mm(y + top), { lineBreak: false, width: mm(textWidth) });
  fit('Helvetica-Bold', g.codePt, label.code);
  line(label.code, g.pad);
  const codeHeight = (g.codePt / PT_PER_MM) * 1.15;
  const place = `${label.warehouseCode} \u00b7 ${label.areaCode}`;
  fit('Helvetica', g.smallPt, place);
  line(place, g.pad + codeHeight + 1);
  const where = position(label);
  if (where) {
    fit('Helvetica', g.smallPt, where);
    line(where, g.pad + codeHeight + 1 + (g.smallPt / PT_PER_MM) * 1.4);
  }

  // QR code, top right, as merged runs of dark modules
  const qr = QRCode.create(label.code, { errorCorrectionLevel: 'M' }).modules;
  const cell = g.qr / qr.size;
  const qx = x + w - g.pad - g.qr;
  const qy = y + g.pad;
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; ) {
      if (!qr.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.get(row, col)) col++;
      // a hair of overlap, so viewers do not show seams between neighbouring squares
      doc.rect(mm(qx + start * cell), mm(qy + row * cell), mm((col - start) * cell), mm(cell) + 0.05);
    }
  }

  // Code 128 across the bottom, centred, quiet zones inside the label
  const symbol = encodeCode128(label.code);
  const module = Math.min(g.maxModule, inner / (symbol.modules + 2 * CODE128_QUIET_ZONE));
  const bx = x + g.pad + (inner - symbol.modules * module) / 2;
  const by = y + h - g.pad - g.barHeight;
  for (const [at, width] of code128Bars(symbol)) {
    doc.rect(mm(bx + at * module), mm(by), mm(width * module), mm(g.barHeight));
  }
  doc.fill('#000000');
}

/**
 * Renders labels as a PDF in the layout: vector barcode and QR code, nothing rasterised. The stream is complete
 * (ended) when returned; `compress: false` leaves content streams readable (tests).
 */
export function renderLabelsPdf(labels: readonly LocationLabel[], layout: LabelLayout, compress = true): Readable {
  const g = GEOMETRY[layout];
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress,
    info: { Title: 'Storage location labels', Creator: 'Shelfwise' },
  });
  const perPage = g.cols * g.rows;
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size: [g.page[0] * PT_PER_MM, g.page[1] * PT_PER_MM], margin: 0 });
    const col = slot % g.cols;
    const row = Math.floor(slot / g.cols);
    drawLabel(doc, g, label, g.left + col * g.pitch[0], g.top + row * g.pitch[1]);
  });
  if (!labels.length) doc.addPage({ size: [g.page[0] * PT_PER_MM, g.page[1] * PT_PER_MM], margin: 0 });
  doc.end();
  return doc;
}
