/**
 * What an uploaded file is, recognised by its first bytes (never by its name), and whether its name agrees.
 * The accepted kinds: pictures (png, jpg, gif, webp), PDF, Office documents and zip archives, and plain text
 * (UTF-8 without control bytes: txt, csv, json, ...).
 */
export interface DetectedType {
  /** The suffix the content calls for (`png`, `pdf`, `zip`, `txt`). */
  suffix: string;
  contentType: string;
  /** Suffixes a name may carry for this content. */
  suffixes: readonly string[];
}

const starts = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, text: string, at = 0) => starts(data, [...Buffer.from(text, 'latin1')], at);

const TEXT_SUFFIXES = ['txt', 'csv', 'json', 'md', 'log', 'xml'];

/** The type of the bytes, or null when they are none of the accepted kinds. */
export function detectFileType(data: Buffer): DetectedType | null {
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { suffix: 'png', contentType: 'image/png', suffixes: ['png'] };
  if (starts(data, [0xff, 0xd8, 0xff])) return { suffix: 'jpg', contentType: 'image/jpeg', suffixes: ['jpg', 'jpeg'] };
  if (ascii(data, 'GIF87a') || ascii(data, 'GIF89a'))
    return { suffix: 'gif', contentType: 'image/gif', suffixes: ['gif'] };
  if (ascii(data, 'RIFF') && ascii(data, 'WEBP', 8))
    return { suffix: 'webp', contentType: 'image/webp', suffixes: ['webp'] };
  if (ascii(data, '%PDF-')) return { suffix: 'pdf', contentType: 'application/pdf', suffixes: ['pdf'] };
  if (starts(data, [0x50, 0x4b, 0x03, 0x04])) {
    return {
      suffix: 'zip',
      contentType: 'application/zip',
      suffixes: ['zip', 'xlsx', 'docx', 'pptx', 'odt', 'ods'],
    };
  }
  if (data.length > 0 && isPlainText(data))
    return { suffix: 'txt', contentType: 'text/plain', suffixes: TEXT_SUFFIXES };
  return null;
}

function isPlainText(data: Buffer): boolean {
  const head = data.subarray(0, 64 * 1024);
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) return false;
  // a cut in the middle of a multi-byte character at the end of the sample is not an error
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  return !text.slice(0, -1).includes('\uFFFD');
}

/** The lower-case suffix of a file name (`''` without one). */
export function suffixOf(name: string): string {
  return (/\.([A-Za-z0-9]{1,16})$/.exec(name)?.[1] ?? '').toLowerCase();
}

/** Whether a name's suffix is not one the content allows (`photo.png` holding text); a name without one agrees. */
export function nameContradicts(name: string, type: DetectedType): boolean {
  const suffix = suffixOf(name);
  return suffix !== '' && !type.suffixes.includes(suffix);
}

/** Whether a content type is shown in the page's preview (pictures and PDF). */
export const previewable = (contentType: string) =>
  contentType.startsWith('image/') || contentType === 'application/pdf';
