import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { cleanManifest, describeRun, runCli, tempTree } from './runCli';

/**
 * A checked-in filer-manifest.config.json, as `filer-manifest check` reads it: its rules, overrides, ignore and
 * suppressions, its own findings with file, line and field, and where it is looked for (never above the repository
 * root, nor above the current folder outside a repository), read as every file is.
 */

/** A manifest with one unknown top-level key (manifest.unknown-key, a warning) at line 5. */
const withHomepage = (name: string) => cleanManifest(name, '"homepage": "https://example.com"');

/** The lines of the text output without the summary, each cut to `file:line:col severity code`. */
function findings(stdout: string): string[] {
  return stdout
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('Checked'))
    .map((line) => line.split(' ').slice(0, 3).join(' '));
}

/** A repository (a `.git` folder at its root) holding `files`. */
function repository(files: Record<string, string>): string {
  const root = tempTree(files);
  mkdirSync(path.join(root, '.git'));
  return root;
}

const config = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

test('the config file’s rules change a finding’s severity, and the exit status with it', () => {
  const root = repository({
    'filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'error' } }),
    'plugins/a/manifest.json': withHomepage('a'),
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(findings(run.stdout), ['plugins/a/manifest.json:5:3 error manifest.unknown-key']);
});

test('overrides apply to the manifests their globs name, later entries winning; --rule wins over them all', () => {
  const root = repository({
    'filer-manifest.config.json': config({
      rules: { 'manifest.unknown-key': 'error' },
      overrides: [
        { files: ['plugins/legacy/**'], rules: { 'manifest.unknown-key': 'hint' } },
        { files: ['plugins/legacy/old'], rules: { 'manifest.unknown-key': 'off' } },
      ],
    }),
    'plugins/new/manifest.json': withHomepage('new'),
    'plugins/legacy/old/manifest.json': withHomepage('old'),
    'plugins/legacy/older/manifest.json': withHomepage('older'),
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(findings(run.stdout), [
    'plugins/legacy/older/manifest.json:5:3 hint manifest.unknown-key',
    'plugins/new/manifest.json:5:3 error manifest.unknown-key',
  ]);
  const cli = runCli(['check', '.', '--rule', 'manifest.unknown-key=warning'], { cwd: root });
  assert.equal(cli.status, 0, describeRun(cli));
  assert.deepEqual(findings(cli.stdout), [
    'plugins/legacy/old/manifest.json:5:3 warning manifest.unknown-key',
    'plugins/legacy/older/manifest.json:5:3 warning manifest.unknown-key',
    'plugins/new/manifest.json:5:3 warning manifest.unknown-key',
  ]);
});

test('the nearest config file wins: a plugin folder’s own over the repository’s', () => {
  const root = repository({
    'filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'error' } }),
    'plugins/a/manifest.json': withHomepage('a'),
    'plugins/b/manifest.json': withHomepage('b'),
    'plugins/b/filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'off' } }),
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.deepEqual(findings(run.stdout), ['plugins/a/manifest.json:5:3 error manifest.unknown-key']);
});

test('ignore: a manifest its globs name is not checked', () => {
  const root = repository({
    'filer-manifest.config.json': config({ ignore: ['fixtures/**'] }),
    'plugins/a/manifest.json': cleanManifest('a'),
    'fixtures/broken/manifest.json': '{ "name": "Broken" }\n',
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stdout, /Checked 1 manifest: no problems\./);
});

test('a broken config file is reported with its file, line and field, and the rest of it applies', () => {
  const root = repository({
    'filer-manifest.config.json': config({
      rules: { 'manifest.unknown-keys': 'off', 'tools.timeout': 'warn', 'manifest.unknown-key': 'error' },
      overrides: { files: ['a'] },
    }),
    'plugins/a/manifest.json': withHomepage('a'),
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(findings(run.stdout), [
    'plugins/a/manifest.json:5:3 error manifest.unknown-key',
    'filer-manifest.config.json:3:5 warning config.unknown-rule',
    'filer-manifest.config.json:4:22 error config.severity',
    'filer-manifest.config.json:7:16 error config.field-type',
  ]);
  assert.match(
    run.stdout,
    /There is no rule with code "manifest\.unknown-keys".* Did you mean "manifest\.unknown-key"\?/,
  );
  assert.match(
    run.stdout,
    /"warn" is not a severity, so rule "tools\.timeout" keeps its own\..* Did you mean "warning"\?/,
  );
  assert.match(run.stdout, /`overrides` must be a list/);
  // In every format: JSON names the config file as it names a manifest.
  const json = JSON.parse(runCli(['check', '.', '--format', 'json'], { cwd: root }).stdout) as { file: string }[];
  assert.ok(json.some((entry) => entry.file === 'filer-manifest.config.json'));
});

test('a config file that is not JSON is one finding at its line, and the manifests are checked all the same', () => {
  const root = repository({
    'filer-manifest.config.json': '{\n  "rules": {\n    "manifest.unknown-key": "off",\n  }\n}\n',
    'plugins/a/manifest.json': withHomepage('a'),
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 1, describeRun(run));
  assert.deepEqual(findings(run.stdout), ['filer-manifest.config.json:3:34 error config.syntax']);
});

test('a suppression silences exactly its finding; an unused one is reported', () => {
  const manifest = cleanManifest('a', '"homepage": "https://example.com",\n  "website": "https://example.com/a"');
  const root = repository({
    'filer-manifest.config.json': config({
      suppress: [
        { file: 'plugins/a/manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'Our store page.' },
        { file: 'plugins/a/manifest.json', at: '/version', rule: 'manifest.unknown-key', reason: 'Nothing there.' },
      ],
    }),
    'plugins/a/manifest.json': manifest,
  });
  const run = runCli(['check', '.'], { cwd: root });
  assert.equal(run.status, 0, describeRun(run));
  assert.deepEqual(findings(run.stdout), [
    'plugins/a/manifest.json:6:3 warning manifest.unknown-key',
    'filer-manifest.config.json:9:5 warning config.unused-suppression',
  ]);
  assert.match(run.stdout, /Nothing to suppress: `manifest\.unknown-key` reports nothing at "\/version"/);
});

test('a suppression of a manifest that was not checked is not said to be unused', () => {
  const root = repository({
    'filer-manifest.config.json': config({
      suppress: [{ file: 'plugins/b/manifest.json', at: '/homepage', rule: 'manifest.unknown-key', reason: 'R.' }],
    }),
    'plugins/a/manifest.json': cleanManifest('a'),
    'plugins/b/manifest.json': withHomepage('b'),
  });
  const run = runCli(['check', 'plugins/a'], { cwd: root });
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stdout, /^Checked 1 manifest: no problems\.\n$/);
});

test('a config file above the repository root is not read, nor one of another repository', () => {
  const outer = tempTree({
    'filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'off' } }),
    'repo/plugins/a/manifest.json': withHomepage('a'),
  });
  mkdirSync(path.join(outer, 'repo', '.git'));
  const run = runCli(['check', '.'], { cwd: path.join(outer, 'repo') });
  assert.deepEqual(findings(run.stdout), ['plugins/a/manifest.json:5:3 warning manifest.unknown-key']);
  // The outer folder is a repository too, the inner one its own: checked from the outer one, the inner plugin still
  // does not get the outer config.
  mkdirSync(path.join(outer, '.git'));
  const fromOuter = runCli(['check', 'repo'], { cwd: outer });
  assert.deepEqual(findings(fromOuter.stdout), ['repo/plugins/a/manifest.json:5:3 warning manifest.unknown-key']);
});

test('outside a repository, a config file above the current folder is not read', () => {
  const outer = tempTree({
    'filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'off' } }),
    'work/plugins/a/manifest.json': withHomepage('a'),
    'work/filer-manifest.config.json': config({ rules: { 'manifest.unknown-key': 'error' } }),
  });
  const fromWork = runCli(['check', '.'], { cwd: path.join(outer, 'work') });
  assert.deepEqual(findings(fromWork.stdout), ['plugins/a/manifest.json:5:3 error manifest.unknown-key']);
  const fromPlugins = runCli(['check', '.'], { cwd: path.join(outer, 'work', 'plugins') });
  assert.deepEqual(findings(fromPlugins.stdout), ['a/manifest.json:5:3 warning manifest.unknown-key']);
});

test('a config file that is a FIFO, a link out, a folder or huge is not read: one finding says so in each manifest', () => {
  const secret = tempTree({ 'secret.json': config({ rules: { 'manifest.unknown-key': 'off' } }) });
  const cases: [string, (file: string) => void, RegExp][] = [
    ['a FIFO', (file) => execFileSync('mkfifo', [file]), /a FIFO, a socket or a device/],
    ['a link out', (file) => symlinkSync(path.join(secret, 'secret.json'), file), /a symbolic link/],
    ['a folder', (file) => mkdirSync(file), /a folder, not a file/],
    ['huge', (file) => writeFileSync(file, `{"rules":{}}${' '.repeat(17 * 1024 * 1024)}`), /too large to read/],
  ];
  for (const [what, make, why] of cases) {
    const root = repository({ 'plugins/a/manifest.json': withHomepage('a') });
    make(path.join(root, 'filer-manifest.config.json'));
    const started = Date.now();
    const run = runCli(['check', '.'], { cwd: root, timeout: 20_000 });
    assert.ok(Date.now() - started < 20_000, `${what}: answered`);
    assert.equal(run.status, 1, `${what}: ${describeRun(run)}`);
    assert.deepEqual(
      findings(run.stdout),
      [
        'plugins/a/manifest.json:1:1 error config.unreadable',
        'plugins/a/manifest.json:5:3 warning manifest.unknown-key',
      ],
      what,
    );
    assert.match(run.stdout, why, what);
    assert.doesNotMatch(run.stdout + run.stderr, /secret/, `${what}: nothing of the link's target is quoted`);
  }
});

test('a config file nested deeply is read as deep as any file, and answered at once', () => {
  const deep = `{"rules":{"manifest.unknown-key":"error"},"overrides":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  const root = repository({ 'filer-manifest.config.json': deep, 'plugins/a/manifest.json': withHomepage('a') });
  const run = runCli(['check', '.'], { cwd: root, timeout: 20_000 });
  assert.equal(run.status, 1, describeRun(run));
  const lines = findings(run.stdout);
  assert.ok(lines.includes('plugins/a/manifest.json:5:3 error manifest.unknown-key'), describeRun(run));
  assert.ok(
    lines.some((line) => line.endsWith('config.syntax')),
    describeRun(run),
  );
});
