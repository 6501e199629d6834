/** Mobile number: 11 digits, first 1, second 3-9 (spec §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
