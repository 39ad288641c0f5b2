import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { cleanManifest, describeRun, runCli, tempTree } from './runCli';

interface JsonReport {
  file: string;
  diagnostics: { code: string; severity: string }[];
}

const checkJson = (args: string[], options: Parameters<typeof runCli>[1]) => {
  const run = runCli(['check', '--format', 'json', ...args], options);
  return { run, report: run.stdout ? (JSON.parse(run.stdout) as JsonReport[]) : [] };
};

test('a folder is searched for manifest.json below it, skipping node_modules and dot-folders', () => {
  const cwd = tempTree({
    'plugins/alpha/manifest.json': cleanManifest('alpha'),
    'plugins/group/beta/manifest.json': cleanManifest('beta'),
    'plugins/alpha/node_modules/dependency/manifest.json': cleanManifest('dependency'),
    'plugins/.git/manifest.json': cleanManifest('in-git'),
    'plugins/.cache/nested/manifest.json': cleanManifest('cached'),
    'plugins/alpha/notes.json': '{}',
  });
  const { run, report } = checkJson(['plugins'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join('plugins', 'alpha', 'manifest.json'), path.join('plugins', 'group', 'beta', 'manifest.json')],
  );
});

test('no path means the current folder; a dot-folder named explicitly is searched', () => {
  const cwd = tempTree({ '.plugin/manifest.json': cleanManifest('hidden'), 'manifest.json': cleanManifest('top') });
  assert.deepEqual(checkJson([], { cwd }).report.map((entry) => entry.file), ['manifest.json']);
  assert.deepEqual(checkJson(['.plugin'], { cwd }).report.map((entry) => entry.file), [path.join('.plugin', 'manifest.json')]);
});

test('a manifest named twice, or found twice, is checked once', () => {
  const cwd = tempTree({ 'one/manifest.json': cleanManifest('one') });
  const { report } = checkJson(['one', path.join('one', 'manifest.json'), '.'], { cwd });
  assert.deepEqual(report.map((entry) => entry.file), [path.join('one', 'manifest.json')]);
});

test('a folder without any manifest.json is an error (exit 2) that names it', () => {
  const cwd = tempTree({ 'empty/readme.md': '# nothing here', 'empty/node_modules/x/manifest.json': cleanManifest('x') });
  const run = runCli(['check', 'empty'], { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(run.stderr, 'filer-manifest: empty: no manifest.json in this folder or below it (node_modules and dot-folders are skipped).\n');
});

test('a path outside the working folder is shown absolute', () => {
  const plugin = tempTree({ 'manifest.json': cleanManifest('elsewhere') });
  const cwd = tempTree({ 'placeholder.txt': '' });
  const { report } = checkJson([plugin], { cwd });
  assert.deepEqual(report.map((entry) => entry.file), [path.join(plugin, 'manifest.json')]);
});

// A tool whose schema and handler files are absent from disk.
const toolManifest = cleanManifest(
  'tool-plugin',
  `"contributes": { "tools": [{ "id": "count_words", "title": "Count words", "description": "Counts words.", "schema": "count.schema.json", "handler": "count.js", "annotations": { "readOnlyHint": true } }] }`,
);

test('stdin (-) is validated without a folder: the rules that read files stay quiet', () => {
  const onDisk = checkJson(['plugin'], { cwd: tempTree({ 'plugin/manifest.json': toolManifest }) });
  assert.equal(onDisk.run.status, 1, describeRun(onDisk.run));
  assert.deepEqual(onDisk.report[0].diagnostics.map((d) => d.code), ['files.missing', 'files.missing']);

  const piped = checkJson(['-'], { cwd: tempTree({}), input: toolManifest });
  assert.equal(piped.run.status, 0, describeRun(piped.run));
  assert.deepEqual(piped.report, [{ file: '<stdin>', diagnostics: [] }]);
});

test('stdin in the text format, beside a file', () => {
  const cwd = tempTree({ 'manifest.json': cleanManifest('on-disk') });
  const run = runCli(['check', '-', 'manifest.json'], { cwd, input: '{ "name": "Piped", "displayName": "P", "version": "1.0.0" }' });
  assert.equal(run.status, 1, describeRun(run));
  assert.match(run.stdout, /^<stdin>:1:11 error manifest\.name /m);
  assert.match(run.stdout, /^Checked 2 manifests: 1 error\.$/m);
});

test('the folder search skips what the editor would not take for a Filer manifest (a browser-extension or web-app manifest.json), saying so', () => {
  const cwd = tempTree({
    'plugin/manifest.json': cleanManifest('plugin'),
    'extension/manifest.json': '{ "manifest_version": 3, "name": "Not kebab", "version": "1.0" }',
    'web/manifest.json': '{ "name": "App", "short_name": "App", "start_url": "/" }',
  });
  const { run, report } = checkJson(['.'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.deepEqual(report.map((entry) => entry.file), [path.join('plugin', 'manifest.json')]);
  assert.equal(
    run.stderr,
    `filer-manifest: ${path.join('extension', 'manifest.json')}: skipped: not taken as a Filer manifest (has manifest_version: a browser-extension manifest).\n` +
      `filer-manifest: ${path.join('web', 'manifest.json')}: skipped: not taken as a Filer manifest (has start_url or short_name: a web app manifest).\n`,
  );
});

test('a manifest named on the command line is always checked, with a note when it does not look like a Filer manifest', () => {
  const cwd = tempTree({ 'extension/manifest.json': '{ "manifest_version": 3, "name": "Not kebab", "version": "1.0" }' });
  const { run, report } = checkJson([path.join('extension', 'manifest.json')], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(report.map((entry) => entry.file), [path.join('extension', 'manifest.json')]);
  assert.ok(report[0].diagnostics.some((diagnostic) => diagnostic.code === 'manifest.name'));
  assert.equal(run.stderr, `filer-manifest: ${path.join('extension', 'manifest.json')}: checked, though it does not look like a Filer manifest (has manifest_version: a browser-extension manifest).\n`);
});
