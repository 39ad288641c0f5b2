import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cleanManifest, cliPath, describeRun, repoRoot, runCli, tempTree } from './runCli';

const cwd = tempTree({
  'clean/manifest.json': cleanManifest('clean-plugin'),
  'warned/manifest.json': cleanManifest('warned-plugin', '"autor": "Ada"'),
  'broken/manifest.json': cleanManifest('Broken Plugin'),
});

/** Bad usage and unreadable paths say what is wrong in plain lines, never with a stack trace. */
function assertUsageFailure(args: string[], message: RegExp, workingFolder = cwd): void {
  const run = runCli(args, { cwd: workingFolder });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(run.stdout, '');
  assert.match(run.stderr, message);
  assert.match(run.stderr, /^filer-manifest: /);
  assert.doesNotMatch(run.stderr, /\n\s+at |Error:|node:internal/);
}

test('exit 0 when there is no error, warnings included', () => {
  const clean = runCli(['check', 'clean'], { cwd });
  assert.equal(clean.status, 0, describeRun(clean));
  assert.equal(clean.stdout, 'Checked 1 manifest: no problems.\n');
  const warned = runCli(['check', 'warned'], { cwd });
  assert.equal(warned.status, 0, describeRun(warned));
  assert.match(warned.stdout, /warning manifest\.unknown-key/);
});

test('exit 1 when any manifest has an error, and every manifest is still reported', () => {
  const run = runCli(['check', 'clean', 'broken', 'warned'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.match(run.stdout, /error manifest\.name/);
  assert.match(run.stdout, /warning manifest\.unknown-key/);
  assert.match(run.stdout, /^Checked 3 manifests: 1 error, 1 warning\.$/m);
});

test('--max-warnings: exit 1 above the limit, 0 at it', () => {
  const over = runCli(['check', '--max-warnings', '0', 'warned'], { cwd });
  assert.equal(over.status, 1, describeRun(over));
  assert.match(over.stderr, /1 warnings, more than --max-warnings 0/);
  const at = runCli(['check', '--max-warnings', '1', 'warned'], { cwd });
  assert.equal(at.status, 0, describeRun(at));
});

test('exit 2 on bad usage, with one line that says what is wrong', () => {
  assertUsageFailure([], /No command given/);
  assertUsageFailure(['lint', '.'], /Unknown command "lint"/);
  assertUsageFailure(['check', '--bogus'], /Unknown option '--bogus'/);
  assertUsageFailure(['check', '--format'], /--format/);
  assertUsageFailure(['check', '--format', 'xml'], /Unknown format "xml": use text, json, sarif\./);
  assertUsageFailure(['check', '--rule', 'no.such-rule=off'], /there is no rule with code "no\.such-rule"/);
  assertUsageFailure(
    ['check', '--rule', 'manifest.name=fatal'],
    /severity must be one of off, hint, information, warning, error/,
  );
  assertUsageFailure(['check', '--rule', 'manifest.name'], /must be code=severity/);
  assertUsageFailure(['check', '--max-warnings', 'many'], /--max-warnings "many" must be a whole number/);
});

test('exit 2 on a path that does not exist, naming it; the others are still checked and reported', () => {
  const run = runCli(['check', 'broken', path.join('missing', 'manifest.json')], { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(run.stderr, `filer-manifest: ${path.join('missing', 'manifest.json')}: no such file or folder.\n`);
  assert.match(run.stdout, /error manifest\.name/);
  assert.match(run.stdout, /^Checked 1 manifest: 1 error\.$/m);
});

test('exit 2 on a manifest that cannot be read, without a stack trace', (t) => {
  if (process.platform === 'win32') {
    t.skip('file modes cannot make a file unreadable on Windows');
    return;
  }
  const folder = tempTree({ 'locked/manifest.json': cleanManifest('locked') });
  chmodSync(folder, 0o755);
  chmodSync(path.join(folder, 'locked'), 0o755);
  chmodSync(path.join(folder, 'locked', 'manifest.json'), 0o000);
  // root reads anything: run the CLI as nobody so the file mode applies, from a copy nobody can
  // read wherever the repository lies.
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const cli = path.join(folder, 'cli.js');
  copyFileSync(cliPath, cli);
  chmodSync(cli, 0o644);
  const run = runCli(['check', 'locked'], { cwd: folder, cli, ...asNobody });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(
    run.stderr,
    `filer-manifest: ${path.join('locked', 'manifest.json')}: cannot be read (permission denied).\n`,
  );
  assert.equal(run.stdout, '');
});

test('--help and --version exit 0', () => {
  const help = runCli(['--help'], { cwd });
  assert.equal(help.status, 0, describeRun(help));
  assert.match(help.stdout, /^Usage: filer-manifest check \[options\] \[paths\.\.\.\]/);
  assert.match(help.stdout, /--format <text\|json\|sarif>/);
  const version = runCli(['--version'], { cwd });
  assert.equal(version.status, 0, describeRun(version));
  assert.equal(version.stdout, `${JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version}\n`);
});

test('a reader that closes the pipe early (| head) ends the run quietly, with the exit code kept', async () => {
  // Enough output to fill the pipe, so the CLI is still writing when the reader goes away.
  const tools = Array.from(
    { length: 1000 },
    (_, i) =>
      `{ "id": "tool_${i}", "title": "T", "description": "D", "schema": "missing.json", "handler": "missing.js", "annotations": {} }`,
  );
  const folder = tempTree({
    'manifest.json': cleanManifest('many-tools', `"contributes": { "tools": [${tools.join(',\n')}] }`),
  });
  const child = spawn(process.execPath, [cliPath, 'check', '--format', 'json', '.'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.once('data', () => child.stdout.destroy());
  const [status] = (await once(child, 'close')) as [number];
  assert.equal(stderr, '');
  assert.equal(status, 1);
});
