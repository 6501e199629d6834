// Runs the browser journeys (or the files named on the command line) with node:test, E2E_CONCURRENCY files at a
// time (2 by default: a journey mostly waits on Chromium, the server and its own timers, so two keep two cores
// busy). Each file runs in a process of its own and starts its own server (port, data folder) and browser, so files
// never share state. The longest journeys start first (`node --test` would start them by name), so that the lanes
// end together rather than one long journey running alone at the end. Started as `node --import tsx run.mjs`: the
// files' processes inherit the TypeScript loader.
import { readdirSync } from 'node:fs';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The journeys that take longest, longest first (docs/testing.md lists the measured times); the rest follow by name. */
const LONGEST = ['list-widths', 'shell', 'regions', 'overview', 'live-view', 'identity', 'workbench', 'notices'];

const rank = (file) => {
  const i = LONGEST.indexOf(file.replace(/\.test\.ts$/, ''));
  return i < 0 ? LONGEST.length : i;
};
const named = process.argv.slice(2).map((f) => fileURLToPath(new URL(f, `file://${process.cwd()}/`)));
const files = named.length
  ? named
  : readdirSync(`${here}journeys`)
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .sort((a, b) => rank(a) - rank(b))
      .map((f) => `${here}journeys/${f}`);

const stream = run({ files, concurrency: Number(process.env.E2E_CONCURRENCY) || 2 });
// a failed test (or a file that could not run) fails the run, as `node --test` does
stream.on('test:fail', () => {
  process.exitCode = 1;
});
// the reporter `node --test` picks: spec in a terminal, TAP otherwise (what `.ci/run` counts)
(process.stdout.isTTY ? stream.compose(new spec()) : stream.compose(tap)).pipe(process.stdout);
