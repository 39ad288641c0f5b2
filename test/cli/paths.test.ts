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
  assert.deepEqual(
    checkJson([], { cwd }).report.map((entry) => entry.file),
    ['manifest.json'],
  );
  assert.deepEqual(
    checkJson(['.plugin'], { cwd }).report.map((entry) => entry.file),
    [path.join('.plugin', 'manifest.json')],
  );
});

test('a manifest named twice, or found twice, is checked once', () => {
  const cwd = tempTree({ 'one/manifest.json': cleanManifest('one') });
  const { report } = checkJson(['one', path.join('one', 'manifest.json'), '.'], { cwd });
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join('one', 'manifest.json')],
  );
});

test('a folder without any manifest.json is an error (exit 2) that names it', () => {
  const cwd = tempTree({
    'empty/readme.md': '# nothing here',
    'empty/node_modules/x/manifest.json': cleanManifest('x'),
  });
  const run = runCli(['check', 'empty'], { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(
    run.stderr,
    'filer-manifest: empty: no manifest.json in this folder or below it (node_modules and dot-folders are skipped).\n',
  );
});

test('a path outside the working folder is shown absolute', () => {
  const plugin = tempTree({ 'manifest.json': cleanManifest('elsewhere') });
  const cwd = tempTree({ 'placeholder.txt': '' });
  const { report } = checkJson([plugin], { cwd });
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join(plugin, 'manifest.json')],
  );
});

// A tool whose schema and handler files are absent from disk.
const toolManifest = cleanManifest(
  'tool-plugin',
  `"contributes": { "tools": [{ "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.", "schema": "count.schema.json", "handler": "count.js", "annotations": { "readOnlyHint": true } }] }`,
);

test('stdin (-) is validated without a folder: the rules that read files stay quiet', () => {
  const onDisk = checkJson(['plugin'], { cwd: tempTree({ 'plugin/manifest.json': toolManifest }) });
  assert.equal(onDisk.run.status, 1, describeRun(onDisk.run));
  assert.deepEqual(
    onDisk.report[0].diagnostics.map((d) => d.code),
    ['files.missing', 'files.missing'],
  );

  const piped = checkJson(['-'], { cwd: tempTree({}), input: toolManifest });
  assert.equal(piped.run.status, 0, describeRun(piped.run));
  assert.deepEqual(piped.report, [{ file: '<stdin>', diagnostics: [] }]);
});

test('stdin in the text format, beside a file', () => {
  const cwd = tempTree({ 'manifest.json': cleanManifest('on-disk') });
  const run = runCli(['check', '-', 'manifest.json'], {
    cwd,
    input: '{ "name": "Piped", "displayName": "P", "version": "1.0.0" }',
  });
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
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join('plugin', 'manifest.json')],
  );
  assert.equal(
    run.stderr,
    `filer-manifest: ${path.join('extension', 'manifest.json')}: skipped: not taken as a Filer manifest (has manifest_version: a browser-extension manifest).\n` +
      `filer-manifest: ${path.join('web', 'manifest.json')}: skipped: not taken as a Filer manifest (has start_url or short_name: a web app manifest).\n`,
  );
});

test('a manifest named on the command line is always checked, with a note when it does not look like a Filer manifest', () => {
  const cwd = tempTree({
    'extension/manifest.json': '{ "manifest_version": 3, "name": "Not kebab", "version": "1.0" }',
  });
  const { run, report } = checkJson([path.join('extension', 'manifest.json')], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join('extension', 'manifest.json')],
  );
  assert.ok(report[0].diagnostics.some((diagnostic) => diagnostic.code === 'manifest.name'));
  assert.equal(
    run.stderr,
    `filer-manifest: ${path.join('extension', 'manifest.json')}: checked, though it does not look like a Filer manifest (has manifest_version: a browser-extension manifest).\n`,
  );
});

// The plugin the user names: its own manifest.json is checked however broken it is, unless it is plainly another kind.
const brokenRoots: Record<string, { text: string; code: string; why: string }> = {
  'an early syntax error': {
    text: '{\n  displayName: "X",\n  "name": "p",\n  "version": "1.0.0"\n}\n',
    code: 'json.syntax',
    why: 'has none of contributes',
  },
  'no name, displayName or version': {
    text: '{ "description": "A plugin without its identity" }\n',
    code: 'manifest.required',
    why: 'has none of contributes',
  },
  'a JSON array': { text: '[{ "name": "p" }]\n', code: 'manifest.not-an-object', why: 'not a JSON object' },
};

for (const [what, { text, code, why }] of Object.entries(brokenRoots)) {
  test(`a plugin folder named on the command line has its own manifest.json checked: ${what} (exit 1)`, () => {
    const cwd = tempTree({ 'my-plugin/manifest.json': text });
    for (const named of ['my-plugin', `my-plugin${path.sep}`]) {
      const { run, report } = checkJson([named], { cwd });
      assert.equal(run.status, 1, describeRun(run));
      assert.deepEqual(
        report.map((entry) => entry.file),
        [path.join('my-plugin', 'manifest.json')],
      );
      assert.ok(
        report[0].diagnostics.some((diagnostic) => diagnostic.code === code),
        describeRun(run),
      );
      const note = `^filer-manifest: my-plugin.manifest\\.json: checked, though it does not look like a Filer manifest \\(${why}`;
      assert.match(run.stderr, new RegExp(note));
    }
    const plain = runCli(['check', 'my-plugin'], { cwd });
    assert.equal(plain.status, 1, describeRun(plain));
    assert.doesNotMatch(plain.stdout, /Checked 0 manifests/);
  });
}

test('below the folder named, a manifest.json that does not look like a Filer manifest is still skipped', () => {
  const cwd = tempTree({
    'plugins/good/manifest.json': cleanManifest('good'),
    'plugins/data/manifest.json': '[1, 2, 3]\n',
  });
  const { run, report } = checkJson(['plugins'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.deepEqual(
    report.map((entry) => entry.file),
    [path.join('plugins', 'good', 'manifest.json')],
  );
  const data = path.join('plugins', 'data', 'manifest.json');
  assert.equal(run.stderr, `filer-manifest: ${data}: skipped: not taken as a Filer manifest (not a JSON object).\n`);
});

test('a named folder whose manifest.json is plainly another kind yields nothing to check: exit 2, saying what was skipped and why', () => {
  const cwd = tempTree({
    'extension/manifest.json': '{ "manifest_version": 3, "name": "Not kebab", "version": "1.0" }',
    'web/manifest.json': '{ "name": "App", "short_name": "App", "start_url": "/" }',
    'data/nested/manifest.json': '[1]',
    'plugin/manifest.json': cleanManifest('plugin'),
  });
  const extension = runCli(['check', 'extension'], { cwd });
  assert.equal(extension.status, 2, describeRun(extension));
  assert.equal(extension.stdout, '');
  const nothing = 'no Filer manifest to check in this folder or below it';
  assert.equal(
    extension.stderr,
    `filer-manifest: extension: ${nothing}: skipped ${path.join('extension', 'manifest.json')} ` +
      '(has manifest_version: a browser-extension manifest).\n',
  );
  const both = runCli(['check', '--format', 'json', 'web', 'data', 'plugin'], { cwd });
  assert.equal(both.status, 2, describeRun(both));
  const checked = (JSON.parse(both.stdout) as JsonReport[]).map((entry) => entry.file);
  assert.deepEqual(checked, [path.join('plugin', 'manifest.json')]);
  assert.equal(
    both.stderr,
    `filer-manifest: web: ${nothing}: skipped ${path.join('web', 'manifest.json')} (has start_url or short_name: a web app manifest).\n` +
      `filer-manifest: data: ${nothing}: skipped ${path.join('data', 'nested', 'manifest.json')} (not a JSON object).\n`,
  );
});

test('a folder of many manifests that are all another kind: the message lists the first few and counts the rest', () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 12; i++)
    files[`apps/app${String(i).padStart(2, '0')}/manifest.json`] = '{ "manifest_version": 2 }';
  const run = runCli(['check', 'apps'], { cwd: tempTree(files) });
  assert.equal(run.status, 2, describeRun(run));
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.match(
    lines[0],
    /^filer-manifest: apps: no Filer manifest to check in this folder or below it: skipped 12 manifest\.json files: /,
  );
  assert.match(
    lines[0],
    /app00.manifest\.json \(has manifest_version: a browser-extension manifest\); .*; and 9 more\.$/,
  );
});

test('a folder name with terminal escapes is shown escaped in what the CLI says of it, never sent to the terminal', () => {
  const cwd = tempTree({ 'apps/\u001b[2J\u001b]0;owned\u0007/manifest.json': '{ "manifest_version": 3 }' });
  const run = runCli(['check', 'apps'], { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.doesNotMatch(run.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.match(run.stderr, /apps.\\x1b\[2J\\x1b\]0;owned\\x07.manifest\.json \(has manifest_version/);
});
