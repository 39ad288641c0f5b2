/**
 * The CLI in a hostile folder (issue 11), as a pull request to a plugin's CI could make it: a
 * manifest.json that is a link to a secret, a FIFO named manifest.json, a folder nobody may list and a
 * tree thousands of folders deep. Nothing outside is read or printed, nothing blocks, and what cannot
 * be checked is named while every other manifest is still checked.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdirSync, openSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { after, test } from 'node:test';
import { cleanManifest, cliPath, describeRun, repoRoot, runCli, tempTree } from './runCli';

const deepTrees: string[] = [];
after(() => {
  // rm walks a tree deeper than PATH_MAX; node's rmSync does not.
  for (const tree of deepTrees) execFileSync('rm', ['-rf', tree]);
});

test('a manifest.json linked to a file outside is not followed by the folder search, and nothing of it is printed', () => {
  const secrets = tempTree({
    'secrets.json': '{ "name": "SECRET-TOKEN-1234", "displayName": "S", "version": "1.0.0", "contributes": {} }\n',
  });
  const cwd = tempTree({ 'plugin/manifest.json': cleanManifest('plugin') });
  mkdirSync(path.join(cwd, 'linked'));
  symlinkSync(path.join(secrets, 'secrets.json'), path.join(cwd, 'linked', 'manifest.json'));
  for (const format of ['text', 'json', 'sarif']) {
    const run = runCli(['check', '.', '--format', format], { cwd });
    assert.equal(run.status, 0, describeRun(run));
    assert.doesNotMatch(run.stdout + run.stderr, /SECRET-TOKEN|linked/, format);
  }
});

test('a FIFO named manifest.json, searched for or named: nothing blocks, and a named one is reported as not a regular file', (t) => {
  if (process.platform === 'win32') return t.skip('no FIFOs on Windows');
  const cwd = tempTree({ 'plugin/manifest.json': cleanManifest('plugin') });
  mkdirSync(path.join(cwd, 'fifo'));
  execFileSync('mkfifo', [path.join(cwd, 'fifo', 'manifest.json')]);
  const started = performance.now();
  const searched = runCli(['check', '.'], { cwd });
  assert.equal(searched.status, 0, describeRun(searched));
  const named = runCli(['check', path.join('fifo', 'manifest.json'), 'plugin'], { cwd });
  assert.equal(named.status, 2, describeRun(named));
  assert.equal(named.stderr, `filer-manifest: ${path.join('fifo', 'manifest.json')}: not a file or a folder.\n`);
  assert.match(named.stdout, /^Checked 1 manifest: no problems\.$/m);
  assert.ok(performance.now() - started < 10000);
});

test('a folder nobody may list and a tree 3,000 folders deep are named, and every other manifest is still checked (exit 2)', (t) => {
  if (process.platform === 'win32') return t.skip('file modes and path limits differ on Windows');
  const cwd = tempTree({
    'a/manifest.json': cleanManifest('Not Kebab'),
    'locked/inner/manifest.json': cleanManifest('locked'),
    'z/manifest.json': cleanManifest('last'),
  });
  deepTrees.push(path.join(cwd, 'deep'));
  mkdirSync(path.join(cwd, 'deep'));
  execFileSync(
    process.execPath,
    ['-e', "const fs = require('fs'); for (let i = 0; i < 3000; i++) { fs.mkdirSync('d'); process.chdir('d'); }"],
    { cwd: path.join(cwd, 'deep') },
  );
  chmodSync(cwd, 0o755);
  for (const folder of ['a', 'z', 'deep']) chmodSync(path.join(cwd, folder), 0o755);
  chmodSync(path.join(cwd, 'locked'), 0o000);
  // root lists anything: run the CLI as nobody so the mode applies, from a copy nobody can read.
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const cli = path.join(cwd, 'cli.js');
  copyFileSync(cliPath, cli);
  chmodSync(cli, 0o644);
  const started = performance.now();
  const run = runCli(['check', '.', '--format', 'json'], { cwd, cli, ...asNobody });
  assert.ok(performance.now() - started < 10000);
  assert.equal(run.status, 2, describeRun(run));
  const report = JSON.parse(run.stdout) as { file: string; diagnostics: { code: string }[] }[];
  assert.deepEqual(
    report.map((entry) => [entry.file, entry.diagnostics.map((d) => d.code)]),
    [
      [path.join('a', 'manifest.json'), ['manifest.name']],
      [path.join('z', 'manifest.json'), []],
    ],
  );
  const lines = run.stderr.trimEnd().split('\n');
  assert.ok(lines.includes('filer-manifest: locked: the folder cannot be listed (permission denied).'), run.stderr);
  // The path of the folder too deep to list, cut to one readable line.
  assert.ok(
    lines.some(
      (line) =>
        /^filer-manifest: deep(\/d)+…(\/d)+ \(\d+ characters\): the folder cannot be listed \(the path is too long\)\.$/.test(
          line,
        ) && line.length < 300,
    ),
    run.stderr,
  );
  assert.equal(lines.length, 2, run.stderr);
});

test('a manifest that is an error every two characters: at most 1,000 diagnostics (--max-diagnostics), the last saying how many more, in every format', () => {
  const noise = `{ "name": "noise", "displayName": "N", "version": "1.0.0", "contributes": {}, "x": [${'1 '.repeat(512 * 1024)}] }\n`;
  const cwd = tempTree({ 'noise/manifest.json': noise });
  const json = runCli(['check', '.', '--format', 'json'], { cwd });
  assert.equal(json.status, 1, describeRun(json));
  const [report] = JSON.parse(json.stdout) as { diagnostics: { code: string; severity: string; message: string }[] }[];
  assert.equal(report.diagnostics.length, 1000);
  const last = report.diagnostics[999];
  assert.deepEqual([last.code, last.severity], ['diagnostics.more', 'error']);
  assert.match(
    last.message,
    /^[\d,]+ more problems are not shown \([\d,]+ errors, 1 warning\): at most 1,000 are listed per manifest\.$/,
  );
  const text = runCli(['check', '.', '--max-diagnostics', '5'], { cwd });
  assert.equal(text.stdout.trimEnd().split('\n').length, 5 + 1, text.stdout);
  const sarif = runCli(['check', '.', '--format', 'sarif', '--max-diagnostics', '5'], { cwd });
  assert.equal((JSON.parse(sarif.stdout) as { runs: { results: unknown[] }[] }).runs[0].results.length, 5);
  const bad = runCli(['check', '.', '--max-diagnostics', '0'], { cwd });
  assert.equal(bad.status, 2, describeRun(bad));
  assert.match(bad.stderr, /^filer-manifest: --max-diagnostics "0" must be a whole number of 1 or more\.$/m);
});

test('a manifest over 16 MB is named and not read (its size is checked first); the others are still checked', () => {
  const cwd = tempTree({
    'big/manifest.json': cleanManifest('big', `"x-padding": "${'p'.repeat(17 * 1024 * 1024)}"`),
    'small/manifest.json': cleanManifest('small'),
  });
  const run = runCli(['check', '.'], { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(
    run.stderr,
    `filer-manifest: ${path.join('big', 'manifest.json')}: cannot be read (17.0 MB, too large to read: the limit is 16 MB).\n`,
  );
  assert.match(run.stdout, /^Checked 1 manifest: no problems\.$/m);
});

test('--max-diagnostics 1: the one diagnostic says how many problems there are, at the first of them', () => {
  const cwd = tempTree({ 'noise/manifest.json': `{ "name": "Noise", "displayName": "N", "version": "x", "y": 1 }\n` });
  const run = runCli(['check', 'noise', '--format', 'json', '--max-diagnostics', '1'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  type Report = {
    diagnostics: { code: string; severity: string; message: string; range: { start: { character: number } } }[];
  };
  const [report] = JSON.parse(run.stdout) as Report[];
  assert.deepEqual(
    report.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
    [['diagnostics.more', 'error']],
  );
  assert.match(
    report.diagnostics[0].message,
    /^3 problems are not shown \(2 errors, 1 warning\): at most one is listed per manifest\.$/,
  );
  assert.equal(report.diagnostics[0].range.start.character, 10);
  const example = runCli(['check', path.join(repoRoot, 'examples', 'broken-everything'), '--max-diagnostics', '1'], {
    cwd,
  });
  assert.equal(example.status, 1, describeRun(example));
  assert.match(example.stdout, /diagnostics\.more [\d,]+ problems are not shown/);
});

test('stdin past 16 MB (100 MB of syntax errors aborted at 4.8 GB), or one that never ends (/dev/zero), is refused as a file that large is: not read further, in a small heap', () => {
  const cwd = tempTree({ 'noise.json': `[${'1 '.repeat(50 * 1024 * 1024)}]` });
  for (const input of [path.join(cwd, 'noise.json'), '/dev/zero']) {
    const started = performance.now();
    const stdin = openSync(input, 'r');
    // Under a heap of 256 MB: 100 MB of text, read whole and parsed, would not fit.
    const run = spawnSync(process.execPath, [cliPath, 'check', '-'], {
      cwd,
      stdio: [stdin, 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=256' },
    });
    closeSync(stdin);
    assert.equal(run.status, 2, `${input}: exit ${run.status}\n${run.stderr}`);
    assert.equal(
      run.stderr,
      'filer-manifest: <stdin>: cannot be read (more than 16 MB, too large to read: the limit is 16 MB).\n',
    );
    assert.ok(performance.now() - started < 30_000, input);
  }
  // Within the limit, stdin is read and checked.
  const small = runCli(['check', '-'], { cwd, input: cleanManifest('Not Kebab') });
  assert.equal(small.status, 1, describeRun(small));
  assert.match(small.stdout, /manifest\.name/);
});

test('a tool schema that is a $ref chain of 30,000 links (the CLI said "internal error: Maximum call stack size exceeded", exit 2, and reported nothing) is a warning, and every manifest is checked', () => {
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < 30_000; i++)
    definitions[`d${i}`] = i + 1 < 30_000 ? { $ref: `#/definitions/d${i + 1}` } : { type: 'string' };
  const tool =
    '{ "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./s.schema.json", "handler": "./h.js", "annotations": { "readOnlyHint": true } }';
  const cwd = tempTree({
    'chain/manifest.json': cleanManifest('chain', `"contributes": { "tools": [${tool}] }`),
    'chain/s.schema.json': JSON.stringify({
      type: 'object',
      definitions,
      properties: { source: { $ref: '#/definitions/d0' } },
    }),
    'chain/h.js': 'module.exports = async () => "";\n',
    'other/manifest.json': cleanManifest('Not Kebab'),
  });
  const run = runCli(['check', '.', '--format', 'json'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  const report = JSON.parse(run.stdout) as { file: string; diagnostics: { code: string; severity: string }[] }[];
  assert.deepEqual(
    report.map((entry) => [entry.file, entry.diagnostics.map((d) => `${d.severity} ${d.code}`)]),
    [
      [path.join('chain', 'manifest.json'), ['warning tools.schema-ref-chain']],
      [path.join('other', 'manifest.json'), ['error manifest.name']],
    ],
  );
});

test('a manifest nested 512 deep (taken for no Filer manifest: exit 0, nothing said) is checked: json.too-deep and its other errors, exit 1', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const cwd = tempTree({
    'deep/manifest.json': cleanManifest('Not Kebab', `"contributes": {}, "x-deep": ${deep(512)}`),
    'shallow/manifest.json': cleanManifest('Not-Kebab', `"x-deep": ${deep(511)}`),
  });
  const run = runCli(['check', '.'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.equal(run.stderr, '');
  const lines = run.stdout.trimEnd().split('\n');
  assert.ok(
    lines.some(
      (line) => line.startsWith(`${path.join('deep', 'manifest.json')}:5:`) && line.includes(' error json.too-deep '),
    ),
    run.stdout,
  );
  assert.ok(
    lines.some(
      (line) => line.includes(`${path.join('deep', 'manifest.json')}:2:`) && line.includes(' error manifest.name '),
    ),
    run.stdout,
  );
  assert.ok(
    lines.some(
      (line) => line.includes(`${path.join('shallow', 'manifest.json')}:2:`) && line.includes(' error manifest.name '),
    ),
    run.stdout,
  );
  assert.ok(
    !lines.some((line) => line.includes(path.join('shallow', 'manifest.json')) && line.includes('json.too-deep')),
    run.stdout,
  );
});

test('explain with a huge argument: cut in the message, not compared with the codes (no edit distance on 100,000 characters)', () => {
  const cwd = tempTree({ 'plugin/manifest.json': cleanManifest() });
  const started = Date.now();
  const huge = runCli(['explain', 'a'.repeat(100_000)], { cwd });
  assert.equal(huge.status, 2, describeRun(huge));
  assert.match(huge.stderr, /^filer-manifest: No rule has the code "a{64}…" \(100,000 characters\)\.\n/);
  assert.ok(Date.now() - started < 20_000, 'answered at once');
});
