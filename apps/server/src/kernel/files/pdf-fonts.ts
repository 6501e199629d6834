import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Fonts for PDFs that print what users typed (SKU names, area names) in any of the three languages. The PDF
// standard fonts (Helvetica) cover Latin-1 only; Noto Sans SC (SIL Open Font License, shipped by the npm package
// `@expo-google-fonts/noto-sans-sc`) covers Latin, simplified and traditional Chinese. PDFKit embeds only the glyphs a
// document uses, so a count sheet stays small although each font file is about 10 MB.

/** Font names to pass to `doc.font()`: `regular` and `bold`, and whether they cover CJK. */
export interface PdfFonts {
  regular: string;
  bold: string;
  cjk: boolean;
}

const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let cached: { regular: Buffer; bold: Buffer } | null | undefined;

/** The font files, read once per process; null when the package is not installed. */
function fontData() {
  if (cached !== undefined) return cached;
  try {
    cached = { regular: readFileSync(require.resolve(FILES.regular)), bold: readFileSync(require.resolve(FILES.bold)) };
  } catch {
    cached = null;
  }
  return cached;
}

/** Registers the CJK-capable fonts on a document; falls back to Helvetica (Latin-1) without the font package. */
export function usePdfFonts(doc: PDFKit.PDFDocument): PdfFonts {
  const data = fontData();
  if (!data) return { regular: 'Helvetica', bold: 'Helvetica-Bold', cjk: false };
  doc.registerFont('Body', data.regular);
  doc.registerFont('Body-Bold', data.bold);
  return { regular: 'Body', bold: 'Body-Bold', cjk: true };
}

/** Text safe to print in the fonts: unchanged with CJK fonts, otherwise non-Latin-1 characters become `?`. */
export function pdfText(fonts: PdfFonts, s: string | null | undefined): string {
  const text = s ?? '';
  return fonts.cjk ? text : text.replace(/[^\u0020-\u00ff]/g, '?');
}
