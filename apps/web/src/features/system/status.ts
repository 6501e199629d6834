/** Options of a status radio / select (1 enabled, 2 disabled) with the kit's words. */
export function statusOptions(tc: (key: string) => string) {
  return [
    { label: tc('enabled'), value: 1 },
    { label: tc('disabled'), value: 2 },
  ];
}

/**
 * The rule of a required choice (select / tree select of ids): the kit's `required` adds `whitespace`, which
 * only suits text.
 */
export function requiredChoice(tc: (key: string, options?: Record<string, unknown>) => string, label: string) {
  return [{ required: true, message: tc('requiredField', { label }) }];
}
