import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { describeRun, repoRoot, runCli } from './runCli';

const examples = path.join(repoRoot, 'examples');
const exampleNames = readdirSync(examples, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(examples, entry.name, 'manifest.json')))
  .map((entry) => entry.name);

for (const name of ['word-count', 'process-runtime']) {
  test(`examples/${name} has no diagnostics at all`, () => {
    const run = runCli(['check', '--format', 'json', 'manifest.json'], { cwd: path.join(examples, name) });
    assert.equal(run.status, 0, describeRun(run));
    assert.deepEqual(JSON.parse(run.stdout), [{ file: 'manifest.json', diagnostics: [] }]);
  });
}

test('examples/broken-everything reports errors, warnings and hints across every area', () => {
  const run = runCli(['check', '--format', 'json', 'manifest.json'], { cwd: path.join(examples, 'broken-everything') });
  assert.equal(run.status, 1, describeRun(run));
  const diagnostics = (JSON.parse(run.stdout) as { diagnostics: { code: string; severity: string }[] }[])[0]
    .diagnostics;
  const areas = new Set(diagnostics.map((d) => d.code.split('.')[0]));
  for (const area of [
    'json',
    'manifest',
    'tools',
    'actions',
    'settings',
    'hooks',
    'commands',
    'views',
    'permissions',
    'paths',
    'files',
  ]) {
    assert.ok(areas.has(area), `no ${area}.* diagnostic in examples/broken-everything`);
  }
  assert.deepEqual(new Set(diagnostics.map((d) => d.severity)), new Set(['error', 'warning', 'hint']));
});

// The golden files are written by scripts/update-golden.mjs; a difference is a change in behaviour
// to review (and, when intended, to regenerate).
for (const name of exampleNames) {
  test(`examples/${name} gives exactly expected-diagnostics.txt`, () => {
    const folder = path.join(examples, name);
    const golden = path.join(folder, 'expected-diagnostics.txt');
    assert.ok(existsSync(golden), `${golden} is missing: run node scripts/update-golden.mjs`);
    const run = runCli(['check', 'manifest.json'], { cwd: folder });
    assert.ok(run.status === 0 || run.status === 1, describeRun(run));
    assert.equal(
      run.stdout,
      readFileSync(golden, 'utf8'),
      'run node scripts/update-golden.mjs and review the diff if the change is intended',
    );
  });
}

test('checking examples/ finds every example plugin', () => {
  const run = runCli(['check', '--format', 'json', 'examples'], { cwd: repoRoot });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(
    (JSON.parse(run.stdout) as { file: string; manifest?: string }[])
      .filter((entry) => entry.manifest === undefined)
      .map((entry) => entry.file),
    exampleNames.flatMap((name) => [
      path.join('examples', name, 'manifest.json'),
      // The team's config file example holds a vendored plugin too (its fixtures are ignored by the config).
      ...(name === 'team-config' ? [path.join('examples', name, 'vendor', 'legacy-export', 'manifest.json')] : []),
    ]),
  );
});
