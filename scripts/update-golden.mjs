// Regenerates examples/<name>/expected-diagnostics.txt, the expected `filer-manifest check` text
// output of every example plugin, which test/cli/examples.test.ts compares exactly; and the expected
// `filer-manifest gating` and `menu` outputs that test/cli/gating.test.ts and menu.test.ts compare:
// examples/<name>/expected-gating.txt, examples/word-count/expected-menu.txt, and
// test/cli/gating/<pair>/expected.{txt,md,json} for each base/head pair.
// Run after a rule changes, then read the diff: every change in behaviour shows there.
//   node scripts/build.mjs && node scripts/update-golden.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/cli.js');
const examples = join(root, 'examples');

if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run node scripts/build.mjs first.');
  process.exit(1);
}

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, NO_COLOR: '1' };
delete env.FORCE_COLOR;

for (const entry of readdirSync(examples, { withFileTypes: true })) {
  const folder = join(examples, entry.name);
  if (!entry.isDirectory() || !existsSync(join(folder, 'manifest.json'))) continue;
  // Run from the example's folder so the golden file names the manifest the same way everywhere.
  const result = spawnSync(process.execPath, [cli, 'check', 'manifest.json'], { cwd: folder, env, encoding: 'utf8' });
  if (result.status !== 0 && result.status !== 1) {
    console.error(`examples/${entry.name}: the CLI exited with ${result.status}: ${result.stderr}`);
    process.exit(1);
  }
  writeFileSync(join(folder, 'expected-diagnostics.txt'), result.stdout);
  console.log(`examples/${entry.name}/expected-diagnostics.txt: ${result.stdout.trim().split('\n').pop()}`);
}

/** Runs the CLI from `cwd` and writes its standard output to `file` (exit 0 or 1 only). */
/** @param {string} cwd @param {string[]} args @param {string} file */
function golden(cwd, args, file) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, env, encoding: 'utf8' });
  if (result.status !== 0 && result.status !== 1) {
    console.error(`${cwd}: filer-manifest ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
    process.exit(1);
  }
  writeFileSync(join(cwd, file), result.stdout);
  console.log(`${join(cwd, file).slice(root.length + 1)}: ${result.stdout.trim().split('\n').pop()}`);
}

for (const entry of readdirSync(examples, { withFileTypes: true })) {
  const folder = join(examples, entry.name);
  if (entry.isDirectory() && existsSync(join(folder, 'manifest.json')))
    golden(folder, ['gating', 'manifest.json'], 'expected-gating.txt');
}
golden(
  join(examples, 'word-count'),
  ['menu', 'manifest.json', '--select', 'draft.md', 'notes.txt'],
  'expected-menu.txt',
);

const pairs = join(root, 'test/cli/gating');
for (const entry of readdirSync(pairs, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const compare = ['gating', 'head/manifest.json', '--base', 'base/manifest.json'];
  for (const [format, extension] of [
    ['text', 'txt'],
    ['markdown', 'md'],
    ['json', 'json'],
  ]) {
    golden(join(pairs, entry.name), [...compare, '--format', format], `expected.${extension}`);
  }
}
