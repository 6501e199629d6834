import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createBuildFacts, parseBuildFile, readGitFacts } from './build-info';

const dir = mkdtempSync(join(tmpdir(), 'shelfwise-build-info-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The build facts: the file the build writes beside the bundle, the working copy, or nothing known. */
describe('build info', () => {
  it('reads the file the build wrote', () => {
    const facts = parseBuildFile(
      JSON.stringify({
        commit: 'a'.repeat(40),
        commitTime: '2026-11-20T08:15:00+01:00',
        commitMessage: 'Counting: the scan ledger',
        branch: 'main',
        dirty: false,
        buildTime: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect(facts).toEqual({
      commit: 'a'.repeat(40),
      commitTime: Date.UTC(2026, 10, 20, 7, 15),
      commitMessage: 'Counting: the scan ledger',
      branch: 'main',
      dirty: false,
      buildTime: Date.UTC(2026, 10, 21, 10, 0),
      source: 'build',
    });
  });

  it('keeps what a build without git wrote as unknown, and refuses what is not a commit', () => {
    expect(
      parseBuildFile(JSON.stringify({ commit: null, commitTime: null, buildTime: '2026-11-21T10:00:00Z' })),
    ).toMatchObject({
      commit: null,
      commitTime: null,
      branch: null,
      dirty: null,
      buildTime: Date.UTC(2026, 10, 21, 10),
    });
    expect(parseBuildFile(JSON.stringify({ commit: '<script>', commitTime: 'yesterday' }))).toMatchObject({
      commit: null,
      commitTime: null,
    });
    expect(parseBuildFile('not json')).toBeUndefined();
  });

  it('knows nothing outside a git working copy, without failing', () => {
    expect(readGitFacts(dir)).toEqual({
      commit: null,
      commitTime: null,
      commitMessage: null,
      branch: null,
      dirty: null,
      buildTime: null,
      source: 'none',
    });
  });

  it('prefers the build file, read once', () => {
    const file = join(dir, 'build-info.json');
    writeFileSync(file, JSON.stringify({ commit: 'b'.repeat(40), buildTime: '2026-11-21T10:00:00Z' }));
    const facts = createBuildFacts({ file: pathToFileURL(file), cwd: dir });
    expect(facts()).toMatchObject({ commit: 'b'.repeat(40), source: 'build' });
    writeFileSync(file, JSON.stringify({ commit: 'c'.repeat(40) }));
    expect(facts().commit).toBe('b'.repeat(40));
    // without the file (running from source) outside a repository: nothing known
    const none = createBuildFacts({ file: pathToFileURL(join(dir, 'missing.json')), cwd: dir });
    expect(none().source).toBe('none');
  });
});
