import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyzeManifest, gatingReport } from '../../server/src/engine';
import { describeRun, repoRoot, runCli, tempTree } from './runCli';

const examples = path.join(repoRoot, 'examples');
const pairsRoot = path.join(repoRoot, 'test/cli/gating');
const pairs = readdirSync(pairsRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const compare = ['gating', 'head/manifest.json', '--base', 'base/manifest.json'];
const regenerate = 'run node scripts/update-golden.mjs and review the diff if the change is intended';

/** Bad usage and unusable bases say what is wrong in plain lines, never with a stack trace. */
function assertFailure(args: string[], cwd: string, message: RegExp): void {
  const run = runCli(args, { cwd });
  assert.equal(run.status, 2, describeRun(run));
  assert.equal(run.stdout, '');
  assert.match(run.stderr, message);
  assert.match(run.stderr, /^filer-manifest: /);
  assert.doesNotMatch(run.stderr, /\n\s+at |Error:|node:internal/);
}

for (const name of readdirSync(examples).filter((entry) => existsSync(path.join(examples, entry, 'manifest.json')))) {
  test(`examples/${name}: gating gives exactly expected-gating.txt`, () => {
    const folder = path.join(examples, name);
    const run = runCli(['gating', 'manifest.json'], { cwd: folder });
    assert.equal(run.status, 0, describeRun(run));
    assert.equal(run.stdout, readFileSync(path.join(folder, 'expected-gating.txt'), 'utf8'), regenerate);
  });
}

for (const name of pairs) {
  test(`test/cli/gating/${name}: --base gives exactly the expected text, Markdown and JSON`, () => {
    const cwd = path.join(pairsRoot, name);
    for (const [format, extension] of [
      ['text', 'txt'],
      ['markdown', 'md'],
      ['json', 'json'],
    ]) {
      const run = runCli([...compare, '--format', format], { cwd });
      assert.equal(run.status, 0, describeRun(run));
      assert.equal(
        run.stdout,
        readFileSync(path.join(cwd, `expected.${extension}`), 'utf8'),
        `${format}: ${regenerate}`,
      );
    }
  });
}

test('JSON: every tool of every example, as the engine derives it, under stable field names', () => {
  const run = runCli(['gating', '--format', 'json', 'examples'], { cwd: repoRoot });
  assert.equal(run.status, 0, describeRun(run));
  const output = JSON.parse(run.stdout) as { file: string; name: string; tools: Record<string, unknown>[] }[];
  assert.ok(output.length >= 5);
  for (const entry of output) {
    const { model, diagnostics } = analyzeManifest(readFileSync(path.join(repoRoot, entry.file), 'utf8'));
    const report = gatingReport(model, diagnostics);
    assert.deepEqual(
      entry.tools.map((tool) => [tool.id, tool.category, tool.asks, tool.why, tool.undeclared]),
      report.tools.map((tool) => [tool.id, tool.category, tool.asks, tool.why, tool.undeclared]),
      entry.file,
    );
    for (const tool of entry.tools) {
      assert.deepEqual(Object.keys(tool), ['id', 'title', 'category', 'asks', 'why', 'undeclared', 'reasons', 'range']);
    }
  }
});

test('every kind of category change is covered by the pairs, and one pair changes nothing', () => {
  const changes = new Set<string>();
  for (const name of pairs) {
    const output = JSON.parse(readFileSync(path.join(pairsRoot, name, 'expected.json'), 'utf8')) as {
      changes: { from: string; to: string }[];
    }[];
    for (const change of output[0].changes) changes.add(`${change.from}→${change.to}`);
  }
  const categories = ['read', 'modify', 'delete', 'external'];
  for (const from of categories)
    for (const to of categories) if (from !== to) assert.ok(changes.has(`${from}→${to}`), `${from} → ${to}`);
  const unchanged = runCli(compare, { cwd: path.join(pairsRoot, 'unchanged') });
  assert.match(unchanged.stdout, /no change in what any tool may do/);
});

test('the cause is said once for every tool it changes', () => {
  const run = runCli(compare, { cwd: path.join(pairsRoot, 'fetch-added') });
  assert.match(run.stdout, /permissions\.fetch added: 3 undeclared tools become external/);
});

test('--fail-on escalation: exit 1 when a category rose, 0 when it only fell or nothing changed', () => {
  for (const [name, status] of [
    ['fetch-added', 1],
    ['every-category-change', 1],
    ['fs-write-removed', 0],
    ['unchanged', 0],
    ['added-removed', 0],
  ] as const) {
    const run = runCli([...compare, '--fail-on', 'escalation'], { cwd: path.join(pairsRoot, name) });
    assert.equal(run.status, status, `${name}: ${describeRun(run)}`);
    if (status === 1) assert.match(run.stderr, /gated more strictly than in the base \(--fail-on escalation\)/);
  }
  const added = runCli([...compare, '--fail-on', 'added'], { cwd: path.join(pairsRoot, 'added-removed') });
  assert.equal(added.status, 1, describeRun(added));
  assert.match(added.stderr, /1 tool was added/);
});

test('a manifest the loader would refuse: every format says Filer would not load it; a gate (--fail-on) fails for it', () => {
  // An unknown annotation key and a string for a boolean: the categories can still be read, but the plugin does not
  // load.
  const refused = (annotations: string) => `{
  "name": "wiper", "displayName": "Wiper", "version": "1.0.0",
  "contributes": { "tools": [{ "id": "wipe", "title": "Wipe", "description": "d", "schema": "./s.json", "handler": "./h.js",
    "annotations": ${annotations} }] }
}
`;
  const cwd = tempTree({
    'head/s.json': '{ "type": "object" }\n',
    'head/h.js': "module.exports = async () => 'done';\n",
    'head/manifest.json': refused('{ "destructiveHint": true, "readOnlyHint": "true", "cached": true }'),
    'base/manifest.json': refused('{ "destructiveHint": true }'),
  });
  const words =
    'Filer would not load this plugin: its manifest has errors, and the loader refuses a manifest that fails validation.';
  const text = runCli(['gating', 'head/manifest.json'], { cwd });
  assert.equal(text.status, 0, describeRun(text));
  assert.ok(text.stdout.includes(`\n  ${words} Its tools would be gated as shown here once it loads.\n`), text.stdout);
  assert.match(text.stdout, /^ {4}head\/manifest\.json:4:\d+ {2}first error: tools\.annotations /m);
  assert.match(text.stdout, /wipe {2}delete: asks depending on the folder's trust level/);
  const markdown = runCli(['gating', 'head/manifest.json', '--format', 'markdown'], { cwd });
  assert.match(markdown.stdout, /^⚠️ \*\*Filer would not load this plugin: /m);
  type Json = { refusal: { words: string; first: { code: string } } | null }[];
  const json = JSON.parse(runCli(['gating', 'head/manifest.json', '--format', 'json'], { cwd }).stdout) as Json;
  assert.equal(json[0].refusal?.first.code, 'tools.annotations');
  assert.ok(json[0].refusal?.words.startsWith(words));
  // Nothing rose against the base, but a gate passes no plugin that does not load.
  const gate = runCli(['gating', 'head/manifest.json', '--base', 'base/manifest.json', '--fail-on', 'escalation'], {
    cwd,
  });
  assert.equal(gate.status, 1, describeRun(gate));
  assert.match(gate.stdout, /Filer would not load this plugin/);
  const file = path.join('head', 'manifest.json');
  assert.equal(
    gate.stderr,
    `filer-manifest: ${file}: Filer would not load this plugin: it has errors (filer-manifest check ${file} lists them).\n`,
  );
  // The same plugin mended loads: no word of refusal, and the gate passes.
  writeFileSync(path.join(cwd, 'head/manifest.json'), refused('{ "destructiveHint": true }'));
  const mended = runCli(['gating', 'head/manifest.json', '--base', 'base/manifest.json', '--fail-on', 'escalation'], {
    cwd,
  });
  assert.equal(mended.status, 0, describeRun(mended));
  assert.doesNotMatch(mended.stdout, /would not load/);
});

test("a folder base is matched by the manifests' paths below it; a plugin it lacks is all new", () => {
  const head = readFileSync(path.join(pairsRoot, 'fetch-added/head/manifest.json'), 'utf8');
  const cwd = tempTree({
    'base/plugins/a/manifest.json': readFileSync(path.join(pairsRoot, 'fetch-added/base/manifest.json'), 'utf8'),
    'head/plugins/a/manifest.json': head,
    'head/plugins/b/manifest.json': head,
  });
  const run = runCli(['gating', 'head', '--base', 'base', '--format', 'json'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  const output = JSON.parse(run.stdout) as {
    file: string;
    base: { file: string; found: boolean };
    changes: unknown[];
    added: unknown[];
  }[];
  assert.deepEqual(
    output.map((entry) => [entry.file, entry.base.file, entry.base.found, entry.changes.length, entry.added.length]),
    [
      [path.join('head/plugins/a/manifest.json'), path.join('base/plugins/a/manifest.json'), true, 3, 0],
      [path.join('head/plugins/b/manifest.json'), path.join('base/plugins/b/manifest.json'), false, 0, 4],
    ],
  );
});

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', ...args], {
    cwd,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
}

test('a git ref base is read from the repository, for each manifest at its own path', (t) => {
  if (spawnSync('git', ['--version']).status !== 0) {
    t.skip('git is not installed');
    return;
  }
  const cwd = tempTree({
    'plugins/a/manifest.json': readFileSync(path.join(pairsRoot, 'fetch-added/base/manifest.json'), 'utf8'),
  });
  git(cwd, 'init', '-q');
  git(cwd, 'add', '.');
  git(cwd, 'commit', '-qm', 'base');
  writeFileSync(
    path.join(cwd, 'plugins/a/manifest.json'),
    readFileSync(path.join(pairsRoot, 'fetch-added/head/manifest.json'), 'utf8'),
  );
  const run = runCli(['gating', '.', '--base', 'HEAD', '--fail-on', 'escalation'], { cwd });
  assert.equal(run.status, 1, describeRun(run));
  assert.match(run.stdout, new RegExp(`compared with HEAD:${path.join('plugins/a/manifest.json')}: 3 escalations`));
  // From inside the plugin folder, the same path is read.
  const inside = runCli(['gating', 'manifest.json', '--base', 'HEAD'], { cwd: path.join(cwd, 'plugins/a') });
  assert.match(inside.stdout, /permissions\.fetch added: 3 undeclared tools become external/);

  assertFailure(
    ['gating', '.', '--base', 'no-such-branch'],
    cwd,
    /--base no-such-branch: no such file or folder, and no git ref "no-such-branch" in this repository\./,
  );
  assertFailure(
    ['gating', '.', '--base-ref', 'no-such-branch'],
    cwd,
    /^filer-manifest: --base-ref no-such-branch: no git ref "no-such-branch" in this repository\.$/m,
  );
  assertFailure(
    ['gating', '.', '--base-ref=--upload-pack=x'],
    cwd,
    /--base-ref --upload-pack=x: a git ref does not start with "-"\./,
  );
  assertFailure(
    ['gating', '.', '--base-path', 'HEAD'],
    cwd,
    /^filer-manifest: --base-path HEAD: no such file or folder\.$/m,
  );
  // Without git on the PATH, a base that is a folder is still read as one; a ref cannot be.
  mkdirSync(path.join(cwd, 'previous/plugins/a'), { recursive: true });
  writeFileSync(
    path.join(cwd, 'previous/plugins/a/manifest.json'),
    readFileSync(path.join(pairsRoot, 'fetch-added/base/manifest.json'), 'utf8'),
  );
  const noGit = { PATH: path.join(cwd, 'no-such-folder') };
  const folder = runCli(['gating', 'plugins', '--base', 'previous/plugins', '--fail-on', 'escalation'], {
    cwd,
    env: noGit,
  });
  assert.equal(folder.status, 1, describeRun(folder));
  const ref = runCli(['gating', 'plugins', '--base', 'HEAD'], { cwd, env: noGit });
  assert.equal(ref.status, 2, describeRun(ref));
  assert.equal(ref.stderr, 'filer-manifest: git is not installed, so --base cannot be read as a git ref.\n');
  writeFileSync(path.join(cwd, 'plugins/a/manifest.json'), '{ "manifest_version": 3, "name": "x" }');
  git(cwd, 'commit', '-qam', 'not a plugin');
  writeFileSync(
    path.join(cwd, 'plugins/a/manifest.json'),
    readFileSync(path.join(pairsRoot, 'fetch-added/head/manifest.json'), 'utf8'),
  );
  assertFailure(
    ['gating', '.', '--base', 'HEAD'],
    cwd,
    /--base HEAD:plugins\/a\/manifest\.json: not a Filer manifest \(has manifest_version: a browser-extension manifest\)\./,
  );
});

test('a git ref outside a git repository, and bases that are no Filer manifest, are named as such', () => {
  const cwd = tempTree({
    'manifest.json': readFileSync(path.join(pairsRoot, 'unchanged/head/manifest.json'), 'utf8'),
    'other/manifest.json': '{}',
    'web.json': '{ "name": "App", "start_url": "/" }',
    'broken.json': 'not json at all',
  });
  assertFailure(
    ['gating', 'manifest.json', '--base', 'main'],
    cwd,
    /--base main: no such file or folder, and not a git ref: .* is not in a git repository\./,
  );
  assertFailure(
    ['gating', 'manifest.json', '--base', 'web.json'],
    cwd,
    /--base web\.json: not a Filer manifest \(has start_url or short_name: a web app manifest\)\./,
  );
  assertFailure(
    ['gating', 'manifest.json', '--base', 'broken.json'],
    cwd,
    /--base broken\.json: not a Filer manifest \(not a JSON object\)\./,
  );
  assertFailure(
    ['gating', 'other/manifest.json'],
    cwd,
    /other\/manifest\.json: not a Filer manifest \(an empty object\)\./,
  );
});

test('a folder reviewed passes over a manifest.json that is no Filer manifest, as check does; with nothing left, exit 2', () => {
  const browser = '{ "manifest_version": 3, "name": "x", "version": "1" }';
  const cwd = tempTree({
    'plugins/a/manifest.json': readFileSync(path.join(pairsRoot, 'unchanged/head/manifest.json'), 'utf8'),
    'plugins/extension/manifest.json': browser,
    'only-extension/manifest.json': browser,
  });
  const run = runCli(['gating', 'plugins'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stdout, /^plugins\/a\/manifest\.json: /);
  assert.doesNotMatch(run.stdout, /extension/);
  assert.equal(
    run.stderr,
    'filer-manifest: plugins/extension/manifest.json: skipped: not taken as a Filer manifest (has manifest_version: a browser-extension manifest).\n',
  );
  const nothing = runCli(['gating', 'only-extension'], { cwd });
  assert.equal(nothing.status, 2, describeRun(nothing));
  assert.match(
    nothing.stderr,
    /skipped: not taken as a Filer manifest .*\nfiler-manifest: no Filer manifest to review: every manifest\.json found was skipped\.\n$/,
  );
});

test('gating: exit 2 on unusable arguments, with one line that says what is wrong', () => {
  const cwd = path.join(pairsRoot, 'unchanged');
  assertFailure(['gating', '--format', 'sarif'], cwd, /Unknown format "sarif": use text, markdown, json\./);
  assertFailure(['gating', '--fail-on', 'escalation'], cwd, /--fail-on compares with a base/);
  assertFailure([...compare, '--fail-on', 'sometimes'], cwd, /--fail-on "sometimes": use escalation or added\./);
  assertFailure(
    ['gating', 'head', 'base', '--base', 'base/manifest.json'],
    cwd,
    /--base base\/manifest\.json is one manifest, but 2 manifests are given/,
  );
  assertFailure(['gating', 'missing.json'], cwd, /missing\.json: no such file or folder\./);
  assertFailure(['gating', '--base', ''], cwd, /--base is empty/);
  assertFailure(['gating', '--base-ref', ''], cwd, /--base-ref is empty: give a git ref\./);
  assertFailure(
    ['gating', '--base', 'main', '--base-path', 'base'],
    cwd,
    /Give one base: --base and --base-path are both given\./,
  );
  assertFailure(
    ['gating', '-', '--base', 'base'],
    cwd,
    /--base with a folder reads the same path there: give manifest paths, not stdin\./,
  );
  assertFailure(['gating', 'head', '--bogus'], cwd, /Unknown option '--bogus'/);
  assertFailure(['--format', 'json', 'gating'], cwd, /Put the command first: "filer-manifest gating/);
  const help = runCli(['gating', '--help'], { cwd });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: filer-manifest gating/);
});

test('Markdown never lets manifest text make markup', () => {
  const cwd = tempTree({
    'manifest.json': JSON.stringify({
      name: 'x',
      displayName: '<img src=x onerror=alert(1)> **bold** | pipe',
      version: '1.0.0',
      contributes: { tools: [{ id: 'a|b`c', title: 't', description: 'd', schema: 's.json', handler: 'h.js' }] },
    }),
  });
  const run = runCli(['gating', '--format', 'markdown'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stdout, /### Gating: \\<img src=x onerror=alert\(1\)> \\\*\\\*bold\\\*\\\* \| pipe/);
  assert.match(run.stdout, /\| ``a\\\|b`c`` \| \*\*read\*\* \|/);
});
