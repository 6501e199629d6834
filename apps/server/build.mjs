// Bundles the server into dist/main.js: our code and the contract package inline, npm dependencies external.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shelfwise/'));

const started = Date.now();
const result = await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `server bundle: dist/main.js ${(bytes / 1024).toFixed(0)} KB (with source map) in ${Date.now() - started} ms`,
);

// the source this build came from, for the workbench's version and commit widgets (GET /api/sysHome/buildInfo):
// git when the build runs in a working copy; SHELFWISE_COMMIT / SHELFWISE_COMMIT_TIME / SHELFWISE_BRANCH where the
// build has no .git (an archive, a container build); null values when neither says
const git = (...args) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return undefined;
  }
};
const commit = process.env.SHELFWISE_COMMIT || git('rev-parse', 'HEAD') || null;
const [commitTime, ...subject] =
  commit && !process.env.SHELFWISE_COMMIT ? (git('log', '-1', '--format=%cI%n%s') ?? '').split('\n') : [];
const branch = process.env.SHELFWISE_BRANCH || (commit ? git('rev-parse', '--abbrev-ref', 'HEAD') : undefined);
const status =
  commit && !process.env.SHELFWISE_COMMIT ? git('status', '--porcelain', '--untracked-files=no') : undefined;
const info = {
  commit,
  commitTime: process.env.SHELFWISE_COMMIT_TIME || commitTime || null,
  commitMessage: subject.join(' ') || null,
  branch: branch && branch !== 'HEAD' ? branch : null,
  dirty: status === undefined ? null : status !== '',
  buildTime: new Date().toISOString(),
};
writeFileSync(new URL('./dist/build-info.json', import.meta.url), `${JSON.stringify(info, null, 2)}\n`);
console.log(
  `build info: ${info.commit ? info.commit.slice(0, 12) : 'no commit known'}${info.dirty ? ' (with changes)' : ''}`,
);
