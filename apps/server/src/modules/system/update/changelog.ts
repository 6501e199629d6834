import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One release of the changelog: `## 0.1.0 - 2026-11-28`, then `### Section` headings with `- item` lines. */
export interface ChangelogRelease {
  version: string;
  date: string | null;
  sections: { title: string; items: string[] }[];
}

const RELEASE = /^##\s+\[?([^\]\s]+)\]?(?:\s+[-–]\s+(\d{4}-\d{2}-\d{2}))?\s*$/;
const SECTION = /^###\s+(.+?)\s*$/;
const ITEM = /^[-*]\s+(.+)$/;

/**
 * Parses the repository's CHANGELOG.md (the Keep a Changelog layout): releases newest first, each with its sections
 * and their items. An item's continuation lines (indented) join the item; text outside the layout is skipped.
 */
export function parseChangelog(markdown: string): ChangelogRelease[] {
  const releases: ChangelogRelease[] = [];
  let release: ChangelogRelease | undefined;
  let section: ChangelogRelease['sections'][number] | undefined;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const r = RELEASE.exec(line);
    if (r) {
      release = { version: r[1] as string, date: r[2] ?? null, sections: [] };
      section = undefined;
      releases.push(release);
      continue;
    }
    if (!release) continue;
    const s = SECTION.exec(line);
    if (s) {
      section = { title: s[1] as string, items: [] };
      release.sections.push(section);
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      if (!section) {
        section = { title: '', items: [] };
        release.sections.push(section);
      }
      section.items.push(item[1] as string);
      continue;
    }
    const last = section?.items.length ? section.items.length - 1 : -1;
    if (section && last >= 0 && /^\s+\S/.test(raw)) section.items[last] += ` ${line.trim()}`;
  }
  return releases;
}

/**
 * The changelog shipped with this server: CHANGELOG.md at the root of the project, found by walking up from this
 * file (from `src/modules/...` in development, from `dist/` when built). Read once, when first asked.
 */
export function createChangelog(start = dirname(fileURLToPath(import.meta.url))): () => ChangelogRelease[] {
  let parsed: ChangelogRelease[] | undefined;
  return () => {
    if (parsed) return parsed;
    let dir = start;
    for (let i = 0; i < 8; i++) {
      const file = join(dir, 'CHANGELOG.md');
      if (existsSync(file)) {
        parsed = parseChangelog(readFileSync(file, 'utf8'));
        return parsed;
      }
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    parsed = [];
    return parsed;
  };
}
