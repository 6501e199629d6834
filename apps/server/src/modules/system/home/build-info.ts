import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What is known about the source a running server was built from; epoch-ms times, null where unknown. */
export interface BuildFacts {
  commit: string | null;
  commitTime: number | null;
  commitMessage: string | null;
  branch: string | null;
  dirty: boolean | null;
  buildTime: number | null;
  /** `build`: the file the build wrote; `source`: the working copy (running from source); `none`. */
  source: 'build' | 'source' | 'none';
}

const NOTHING: BuildFacts = {
  commit: null,
  commitTime: null,
  commitMessage: null,
  branch: null,
  dirty: null,
  buildTime: null,
  source: 'none',
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const ms = (v: unknown) => {
  const s = text(v);
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
};
const HASH = /^[0-9a-f]{7,64}$/;

/** The facts of a `build-info.json` as `apps/server/build.mjs` writes it; undefined when unreadable. */
export function parseBuildFile(json: string): BuildFacts | undefined {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const commit = text(raw.commit);
  return {
    commit: commit && HASH.test(commit) ? commit : null,
    commitTime: ms(raw.commitTime),
    commitMessage: text(raw.commitMessage)?.slice(0, 200) ?? null,
    branch: text(raw.branch)?.slice(0, 100) ?? null,
    dirty: typeof raw.dirty === 'boolean' ? raw.dirty : null,
    buildTime: ms(raw.buildTime),
    source: 'build',
  };
}

/** Runs git read-only in a folder; undefined when git is missing, the folder is no repository, or it fails. */
function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    }).trim();
  } catch {
    return undefined;
  }
}

/** The commit of the working copy a folder is in (running from source); the nothing-known facts without git. */
export function readGitFacts(cwd: string): BuildFacts {
  const commit = git(cwd, ['rev-parse', 'HEAD']);
  if (!commit || !HASH.test(commit)) return NOTHING;
  const [time, ...subject] = (git(cwd, ['log', '-1', '--format=%cI%n%s']) ?? '').split('\n');
  const branch = git(cwd, ['rev-parse', '--abbrev-ref', 'HEAD']);
  const status = git(cwd, ['status', '--porcelain', '--untracked-files=no']);
  return {
    commit,
    commitTime: ms(time),
    commitMessage: text(subject.join(' '))?.slice(0, 200) ?? null,
    branch: branch && branch !== 'HEAD' ? branch : null,
    dirty: status === undefined ? null : status !== '',
    buildTime: null,
    source: 'source',
  };
}

/**
 * The build facts of this server: the `build-info.json` the build wrote beside the bundle (`dist/`), else (running
 * from source, in development and tests) the working copy's git state, else nothing known. Read once, when first
 * asked: git is not run at start-up.
 */
export function createBuildFacts(options: { file?: URL; cwd?: string } = {}): () => BuildFacts {
  const file = options.file ?? new URL('./build-info.json', import.meta.url);
  const cwd = options.cwd ?? dirname(fileURLToPath(import.meta.url));
  let facts: BuildFacts | undefined;
  return () => {
    if (!facts) {
      const path = fileURLToPath(file);
      facts = (existsSync(path) ? parseBuildFile(readFileSync(path, 'utf8')) : undefined) ?? readGitFacts(cwd);
    }
    return facts;
  };
}
