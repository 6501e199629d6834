import type { TFunction } from 'i18next';

/** The part of a Zod issue the form needs (kept structural so the kit does not load Zod itself). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  input?: unknown;
}

/** What the edit dialog validates with: an endpoint's Zod input schema. */
export interface InputSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: SchemaIssue[] } };
}

/** A message in the user's language for a Zod issue. */
export function issueMessage(issue: SchemaIssue, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('crud:rule.required') : t('crud:rule.minLength', { n: issue.minimum });
      return t('crud:rule.min', { n: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('crud:rule.maxLength', { n: issue.maximum })
        : t('crud:rule.max', { n: issue.maximum });
    case 'invalid_format':
      return t('crud:rule.format');
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? t('crud:rule.required') : t('crud:rule.invalid');
    default:
      return t('crud:rule.invalid');
  }
}

/** Zod issues grouped by form field (the first path segment), one message per field. */
export function issuesByField(issues: SchemaIssue[], t: TFunction): Map<string, string> {
  const out = new Map<string, string>();
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    if (!out.has(name)) out.set(name, issueMessage(issue, t));
  }
  return out;
}
