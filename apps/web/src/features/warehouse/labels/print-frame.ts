import { pageSize } from './label-sheet';
import type { LabelLayout } from './labels.api';

const FRAME_ID = 'label-print-frame';

/** Removes the print frame of an earlier print, if any. */
export function removePrintFrame(): void {
  document.getElementById(FRAME_ID)?.remove();
}

/**
 * Prints a sheet through a hidden iframe holding only its markup, with the layout's paper size and no margins:
 * the app around it never reaches the printer. The frame stays until the next print or `removePrintFrame`.
 */
export function printSheet(sheet: HTMLElement, layout: LabelLayout, title: string): void {
  removePrintFrame();
  const [w, h] = pageSize(layout);
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.dataset.testid = FRAME_ID;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  const escaped = title.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'));
  frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8"><title>${escaped}</title><style>
@page { size: ${w}mm ${h}mm; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
</style></head><body>${sheet.outerHTML}</body></html>`;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
  };
  document.body.appendChild(frame);
}
