import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { cleanManifest, describeRun, runCli, tempTree } from './runCli';

const legacyTool = `"contributes": {
    "tools": [
      {
        "name": "count",
        "title": "Count words",
        "description": "Counts the words in a text file the user names.",
        "handler": "./count.js",
        "parameters": { "type": "object", "properties": { "text": { "type": "string" } } }
      }
    ]
  }`;
const handler = 'module.exports = async (args) => String(args.text).split(/\\s+/).length;\n';

test('check --fix writes the fixes that need no choice, says each on stderr, and reports what is left', () => {
  const cwd = tempTree({ 'p/manifest.json': cleanManifest('Count Plugin', legacyTool), 'p/count.js': handler });
  const run = runCli(['check', '--fix', 'p'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.equal(run.stdout, 'Checked 1 manifest: no problems.\n');
  assert.equal(
    run.stderr,
    'filer-manifest: p/manifest.json: fixed manifest.name: Change to "count-plugin" (kebab-case).\n' +
      'filer-manifest: p/manifest.json: fixed tools.legacy-shape: Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count.schema.json.\n',
  );
  const fixed = readFileSync(path.join(cwd, 'p/manifest.json'), 'utf8');
  assert.match(fixed, /"name": "count-plugin"/);
  assert.match(fixed, /"id": "count"/);
  assert.deepEqual(JSON.parse(readFileSync(path.join(cwd, 'p/tools/count.schema.json'), 'utf8')), {
    type: 'object',
    properties: { text: { type: 'string' } },
  });
  // Fixed, it has nothing more to fix.
  const again = runCli(['check', '--fix', 'p'], { cwd });
  assert.equal(again.stderr, '', describeRun(again));
  assert.equal(readFileSync(path.join(cwd, 'p/manifest.json'), 'utf8'), fixed);
});

test('check --fix-dry-run writes nothing, says what it would fix, and JSON carries the text it would write', () => {
  const manifestText = cleanManifest('Count Plugin', legacyTool);
  const cwd = tempTree({ 'p/manifest.json': manifestText, 'p/count.js': handler });
  const run = runCli(['check', '--fix-dry-run', '--format', 'json', 'p'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stderr, /^filer-manifest: p\/manifest\.json: would fix manifest\.name: /);
  const [entry] = JSON.parse(run.stdout) as {
    fixes: { code: string }[];
    output: string;
    newFiles: { file: string; text: string }[];
  }[];
  assert.deepEqual(
    entry.fixes.map((fix) => fix.code),
    ['manifest.name', 'tools.legacy-shape'],
  );
  assert.match(entry.output, /"id": "count"/);
  assert.deepEqual(
    entry.newFiles.map((file) => file.file),
    ['tools/count.schema.json'],
  );
  assert.equal(readFileSync(path.join(cwd, 'p/manifest.json'), 'utf8'), manifestText);
  assert.equal(existsSync(path.join(cwd, 'p/tools')), false);
});

test('a fix that needs a person is never applied from the command line', () => {
  const manifestText = cleanManifest('count-plugin', '"contributes": { "hooks": { "onAppRedy": "./ready.js" } }');
  const cwd = tempTree({ 'p/manifest.json': manifestText, 'p/ready.js': 'module.exports = async () => {};\n' });
  const run = runCli(['check', '--fix', 'p'], { cwd });
  assert.equal(run.stderr, '', describeRun(run));
  assert.match(run.stdout, /hooks\.unknown-event/);
  assert.equal(readFileSync(path.join(cwd, 'p/manifest.json'), 'utf8'), manifestText);
});

test('--fix makes no file through a link out of the plugin folder: the fix that needs one is not applied', () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'filer-outside-'));
  const manifestText = cleanManifest('count-plugin', legacyTool);
  const cwd = tempTree({ 'p/manifest.json': manifestText, 'p/count.js': handler });
  symlinkSync(outside, path.join(cwd, 'p/tools'));
  const run = runCli(['check', '--fix', 'p'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.match(run.stdout, /tools\.legacy-shape/);
  assert.deepEqual(readdirSync(outside), []);
  assert.equal(readFileSync(path.join(cwd, 'p/manifest.json'), 'utf8'), manifestText);
});

test('--fix with stdin, or with --fix-dry-run, is bad usage; --fix-dry-run reads stdin', () => {
  const cwd = tempTree({});
  for (const args of [
    ['check', '--fix', '-'],
    ['check', '--fix', '--fix-dry-run', '.'],
  ]) {
    const run = runCli(args, { cwd });
    assert.equal(run.status, 2, describeRun(run));
    assert.match(run.stderr, /^filer-manifest: (--fix cannot write|Use --fix or --fix-dry-run)/);
  }
  const dry = runCli(['check', '--fix-dry-run', '--format', 'json', '-'], {
    cwd,
    input: cleanManifest('Count Plugin'),
  });
  assert.equal(dry.status, 0, describeRun(dry));
  assert.match((JSON.parse(dry.stdout) as { output: string }[])[0].output, /"name": "count-plugin"/);
});
