import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeManifest, computeContextMenu, type MenuSelection } from '../../server/src/engine';
import { describeRun, repoRoot, runCli, tempTree } from './runCli';

const wordCount = path.join(repoRoot, 'examples/word-count');
const engineMenu = (selection: MenuSelection) =>
  computeContextMenu(analyzeManifest(readFileSync(path.join(wordCount, 'manifest.json'), 'utf8')).model, selection);

test('menu: text gives exactly expected-menu.txt for two selected files', () => {
  const run = runCli(['menu', 'manifest.json', '--select', 'draft.md', 'notes.txt'], { cwd: wordCount });
  assert.equal(run.status, 0, describeRun(run));
  assert.equal(
    run.stdout,
    readFileSync(path.join(wordCount, 'expected-menu.txt'), 'utf8'),
    'run node scripts/update-golden.mjs and review the diff if the change is intended',
  );
});

test('menu: JSON is the engine answer the preview panel shows, for files and for a folder', () => {
  for (const [args, selection] of [
    [['--select', 'report.md'], { kind: 'file', names: ['report.md'] }],
    [['--select', 'a.md', '--select', 'b.txt'], { kind: 'files', names: ['a.md', 'b.txt'] }],
    [['--folder', 'notes/'], { kind: 'folder', names: ['notes'] }],
  ] as [string[], MenuSelection][]) {
    const run = runCli(['menu', '.', ...args, '--format', 'json'], { cwd: wordCount });
    assert.equal(run.status, 0, describeRun(run));
    assert.deepEqual(
      JSON.parse(run.stdout),
      JSON.parse(JSON.stringify({ file: 'manifest.json', menu: engineMenu(selection) })),
    );
  }
});

test('menu: text says why the other actions are not offered', () => {
  const run = runCli(['menu', '.', '--folder', 'notes'], { cwd: wordCount });
  assert.equal(run.status, 0, describeRun(run));
  for (const excluded of engineMenu({ kind: 'folder', names: ['notes'] }).excluded)
    assert.ok(run.stdout.includes(excluded.reason), excluded.reason);
});

test('menu: exit 2 on unusable arguments, naming what is wrong', () => {
  const cwd = tempTree({
    'a/manifest.json': '{ "name": "a" , "contributes": {} }',
    'b/manifest.json': '{ "manifest_version": 3 }',
  });
  for (const [args, message] of [
    [['menu'], /menu needs the plugin/],
    [['menu', 'a'], /Say what is right-clicked/],
    [['menu', 'a', '--select', 'x.md', '--folder', 'y'], /either --select <names...> or --folder <name>, not both/],
    [['menu', 'a', 'b', '--select', 'x.md'], /"b" is one too many/],
    [['menu', '.', '--select', 'x.md'], /\.: 2 manifests below this folder/],
    [['menu', 'b', '--select', 'x.md'], /b\/manifest\.json: not a Filer manifest \(has manifest_version/],
    [['menu', 'missing', '--select', 'x.md'], /missing: no such file or folder/],
    [['menu', 'a', '--select', 'x.md', '--format', 'markdown'], /Unknown format "markdown": use text, json\./],
  ] as [string[], RegExp][]) {
    const run = runCli(args, { cwd });
    assert.equal(run.status, 2, `${args.join(' ')}: ${describeRun(run)}`);
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /\n\s+at |Error:|node:internal/);
  }
});
