/** Mobile number: 11 digits, first 1, second 3-9 (docs/web-shell.md#validation-on-the-page). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
