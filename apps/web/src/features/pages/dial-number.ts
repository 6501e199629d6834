/** A phone number read from a dial link, ready to show and to call. */
export type DialNumber =
  | {
      ok: true;
      /** As shown: the link's grouping, tidied. */
      display: string;
      /** The extension dialled after the number, if any. */
      ext?: string;
      /** The `tel:` address. */
      href: string;
    }
  | { ok: false; reason: 'missing' | 'invalid' };

/** Separators people write inside numbers: spaces, dashes, dots, brackets. */
const SEPARATORS = /[\s\-.()\u00a0]/g;

/**
 * Reads a phone number from a dial link: digits with an optional leading `+`, grouped by spaces, dashes, dots or
 * brackets, 3 to 15 digits (E.164's longest; 110, 120 and other short numbers included), and an optional extension
 * after `,`, `;ext=`, `ext` or `x`. Everything else is refused, in particular `*` and `#`: a `tel:` link carrying
 * them can start operator (USSD) codes on some phones.
 */
export function parseDialNumber(raw: string | null | undefined): DialNumber {
  const text = (raw ?? '').trim();
  if (!text) return { ok: false, reason: 'missing' };
  if (text.length > 40) return { ok: false, reason: 'invalid' };
  const m = /^(.*?)(?:\s*(?:,|;ext=|ext\.?|x)\s*(\d{1,6}))?$/i.exec(text);
  const main = m?.[1] ?? '';
  const ext = m?.[2];
  if (!/^\+?[\d\s\-.()\u00a0]+$/.test(main)) return { ok: false, reason: 'invalid' };
  const digits = main.replace(SEPARATORS, '');
  if (!/^\+?\d{3,15}$/.test(digits) || /^\+0/.test(digits)) return { ok: false, reason: 'invalid' };
  const display = main.replace(/\s+/g, ' ').trim();
  // a pause (`,`) then the extension: what phone dialers understand
  return ext ? { ok: true, display, ext, href: `tel:${digits},${ext}` } : { ok: true, display, href: `tel:${digits}` };
}

/** A mainland China mobile number (11 digits, 1 then 3-9) grouped 3-4-4 for reading, others as given. */
export function groupForReading(display: string): string {
  const digits = display.replace(SEPARATORS, '');
  const cn = /^(?:\+?86)?(1[3-9]\d)(\d{4})(\d{4})$/.exec(digits);
  if (cn) {
    const prefix = digits.startsWith('+86') ? '+86 ' : digits.startsWith('86') ? '86 ' : '';
    return `${prefix}${cn[1]} ${cn[2]} ${cn[3]}`;
  }
  return display;
}
