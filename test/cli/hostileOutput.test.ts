/**
 * What a person reads cannot be forged by a plugin folder (issue 22): a folder name, a plugin's name,
 * a tool's id and title, an action's labels carry terminal escapes (clear screen, window title, an OSC 8
 * link), lone CR and LF, GitHub Actions workflow commands (`::error`, `::add-mask`, `##[error]`), C1
 * and bidirectional characters. Through `check`, `gating` (text, Markdown and JSON, with and without a
 * base) and `menu`, on stdout and stderr: no raw control character reaches the output, no line of it
 * is a workflow command, and the Markdown makes no link, image, HTML, mention or extra table row.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { describeRun, runCli, tempTree, type CliRun } from './runCli';

// markdown-it ships no types; the calls used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (
  preset: string,
  options: Record<string, boolean>,
) => {
  render(markdown: string): string;
  linkify: { set(options: Record<string, boolean>): void };
};

/** Every kind of forgery at once; a folder name cannot hold `/`, so it has all but the OSC 8 link. */
const forgedName =
  '::error ::forged\n::add-mask::masked\r\x1b[2J\x1b]0;pwned\x07\x9b31m\u202eevil\u2066 ##[error]legacy \u2028 @user';
const forged = `${forgedName} \x1b]8;;https://attacker.example\x07click\x1b]8;;\x07 www.attacker.example ![x](https://attacker.example/p.png) <img src=x>`;

/** A manifest full of `forged`: its name, title, tool id, action title, labels, options. */
function hostileManifest(withFetch: boolean): string {
  return JSON.stringify(
    {
      name: forged,
      displayName: forged,
      version: '1.0.0',
      ...(withFetch ? { permissions: { fetch: { static: ['api.example.com'] } } } : {}),
      contributes: {
        tools: [
          {
            id: forged,
            title: forged,
            description: forged,
            schema: './s.json',
            handler: './h.js',
            fileExtensions: ['.md'],
          },
          { id: `second ${forged}`, title: 't', description: 'd', schema: './s.json', handler: './h.js' },
        ],
        actions: [
          {
            id: 'act',
            title: forged,
            description: forged,
            scope: 'single-file',
            kind: 'tool',
            toolId: forged,
            fileExtensions: ['.md'],
            params: [
              {
                id: 'p',
                label: forged,
                type: 'select',
                options: [{ value: forged, label: forged }],
                default: forged,
                placeholder: forged,
              },
              { id: 'q', label: forged, type: 'text', placeholder: forged },
            ],
          },
          { id: 'other', title: forged, description: forged, scope: 'folder', kind: 'prompt', prompt: './p.md' },
        ],
      },
    },
    null,
    2,
  );
}

/** A browser extension's manifest, which is no Filer manifest. */
const browserManifest = JSON.stringify({ manifest_version: 3, name: forged, version: '1' });

/** The hostile plugin in a hostile-named folder, its base beside it, and a browser manifest in `other/`. */
function hostileTree(): string {
  const root = tempTree({});
  mkdirSync(path.join(root, forgedName), { recursive: true });
  writeFileSync(path.join(root, forgedName, 'manifest.json'), hostileManifest(true));
  mkdirSync(path.join(root, 'other', forgedName), { recursive: true });
  writeFileSync(path.join(root, 'other', forgedName, 'manifest.json'), browserManifest);
  mkdirSync(path.join(root, 'base', forgedName), { recursive: true });
  writeFileSync(path.join(root, 'base', forgedName, 'manifest.json'), hostileManifest(false));
  return root;
}

const rawControl = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** No raw control character (but the line feeds that end lines), no line a workflow command, no `##[`. */
function assertNotForged(text: string, where: string): void {
  const found = rawControl.exec(text);
  assert.equal(
    found,
    null,
    `${where}: a raw U+${found?.[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${found?.index}:\n${JSON.stringify(text)}`,
  );
  for (const line of text.split('\n'))
    assert.ok(!line.trimStart().startsWith('::'), `${where}: a workflow command: ${JSON.stringify(line)}`);
  assert.doesNotMatch(text, /##(vso)?\[/i, `${where}: a legacy workflow command`);
}

function assertRunNotForged(run: CliRun, where: string, status?: number): void {
  if (status !== undefined) assert.equal(run.status, status, `${where}: ${describeRun(run)}`);
  assertNotForged(run.stdout, `${where} (stdout)`);
  assertNotForged(run.stderr, `${where} (stderr)`);
}

test('check: the folder name, the plugin name and the messages quoting ids print no control character, in every format', () => {
  const cwd = hostileTree();
  for (const format of ['text', 'json', 'sarif']) {
    const run = runCli(['check', forgedName, 'other', '--format', format], { cwd });
    // `other` yields no Filer manifest: a named path that yields none ends the run with 2, after the report.
    assertRunNotForged(run, `check --format ${format}`, 2);
    if (format !== 'text') JSON.parse(run.stdout);
  }
  const text = runCli(['check', forgedName, 'other'], { cwd });
  // The note on stderr names the browser manifest it skipped; the report names the hostile one.
  assert.match(
    text.stderr,
    /^filer-manifest: other: no Filer manifest to check in this folder or below it: skipped other\/::error ::forged\\n::add-mask::masked\\r\\x1b\[2J.*\/manifest\.json \(has manifest_version/m,
  );
  assert.match(
    text.stdout,
    /^\\x3a:error ::forged\\n::add-mask::masked\\r\\x1b\[2J\\x1b\]0;pwned\\x07\\x9b31m\\u202eevil\\u2066 ##\\x5berror\]legacy \\u2028 @user\/manifest\.json:\d+:\d+ error /m,
  );
  // In colour, only our own SGR sequences are there.
  const colour = runCli(['check', forgedName], { cwd, env: { FORCE_COLOR: '1' } });
  assertNotForged(colour.stdout.replace(/\x1b\[[0-9;]*m/g, ''), 'check in colour');
});

test('gating: text, Markdown and JSON, alone and against a base folder, print no control character', () => {
  const cwd = hostileTree();
  for (const format of ['text', 'markdown', 'json']) {
    assertRunNotForged(runCli(['gating', forgedName, '--format', format], { cwd }), `gating --format ${format}`, 0);
    const compared = runCli(
      ['gating', forgedName, '--base', path.join('base', forgedName), '--fail-on', 'escalation', '--format', format],
      { cwd },
    );
    assertRunNotForged(compared, `gating --base folder --format ${format}`, 1);
    if (format === 'json') assert.equal((JSON.parse(compared.stdout) as { changes: unknown[] }[])[0].changes.length, 2);
  }
  assertNotForged(
    runCli(['gating', forgedName, '--base', path.join('base', forgedName)], {
      cwd,
      env: { FORCE_COLOR: '1' },
    }).stdout.replace(/\x1b\[[0-9;]*m/g, ''),
    'gating in colour',
  );
  // A base that cannot be used is named on stderr, its path escaped.
  writeFileSync(path.join(cwd, 'base', forgedName, 'manifest.json'), browserManifest);
  const notFiler = runCli(['gating', forgedName, '--base', path.join('base', forgedName)], { cwd });
  assertRunNotForged(notFiler, 'gating, a base that is no Filer manifest', 2);
  assert.match(notFiler.stderr, /^filer-manifest: --base base\/::error ::forged\\n.*: not a Filer manifest/m);
});

test('gating against a git ref: the ref and the path it reads print no control character', (t) => {
  if (spawnSync('git', ['--version']).status !== 0) return t.skip('git is not installed');
  const cwd = hostileTree();
  const git = (...args: string[]) => {
    const run = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
    });
    assert.equal(run.status, 0, run.stderr);
  };
  git('init', '-q');
  writeFileSync(path.join(cwd, forgedName, 'manifest.json'), hostileManifest(false));
  git('add', '.');
  git('commit', '-qm', 'base');
  writeFileSync(path.join(cwd, forgedName, 'manifest.json'), hostileManifest(true));
  for (const format of ['text', 'markdown', 'json']) {
    assertRunNotForged(
      runCli(['gating', forgedName, '--base', 'HEAD', '--fail-on', 'escalation', '--format', format], { cwd }),
      `gating --base HEAD --format ${format}`,
      1,
    );
  }
  // A base git reads that is no Filer manifest is named on stderr.
  writeFileSync(path.join(cwd, 'other', forgedName, 'manifest.json'), hostileManifest(true));
  const notFiler = runCli(['gating', path.join('other', forgedName), '--base', 'HEAD'], { cwd });
  assertRunNotForged(notFiler, 'gating --base HEAD, a base that is no Filer manifest', 2);
  assert.match(notFiler.stderr, /^filer-manifest: --base HEAD:other\/::error ::forged\\n.*: not a Filer manifest/m);
});

test('menu: titles, labels, options and placeholders print no control character, in text and JSON', () => {
  const cwd = hostileTree();
  for (const format of ['text', 'json']) {
    assertRunNotForged(
      runCli(['menu', path.join(forgedName, 'manifest.json'), '--select', 'a.md', '--format', format], { cwd }),
      `menu --select --format ${format}`,
      0,
    );
    assertRunNotForged(
      runCli(['menu', path.join(forgedName, 'manifest.json'), '--folder', 'notes', '--format', format], { cwd }),
      `menu --folder --format ${format}`,
      0,
    );
  }
  const notFiler = runCli(['menu', path.join('other', forgedName), '--select', 'a.md'], { cwd });
  assertRunNotForged(notFiler, 'menu, no Filer manifest', 2);
});

test('gating --format markdown, rendered as GitHub would: no link, image, HTML or mention, and each table row one row', () => {
  const cwd = hostileTree();
  const renderer = new MarkdownIt('default', { html: true, linkify: true });
  renderer.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
  for (const args of [[], ['--base', path.join('base', forgedName)]]) {
    const run = runCli(['gating', forgedName, '--format', 'markdown', ...args], { cwd });
    assert.equal(run.status, 0, describeRun(run));
    const html = renderer.render(run.stdout);
    const where = `gating --format markdown ${args.join(' ')}\n${run.stdout}\n${html}`;
    assert.doesNotMatch(html, /<(a|img|script|em|del|s|h[1245]|blockquote|pre|ol)\b/, where);
    // Our own markup only: h3 per plugin, tables, lists of groups, strong and code.
    for (const tag of html.match(/<([a-z0-9]+)/g) ?? [])
      assert.ok(
        ['<h3', '<p', '<table', '<thead', '<tbody', '<tr', '<th', '<td', '<strong', '<code', '<ul', '<li'].includes(
          tag,
        ),
        `${tag}: ${where}`,
      );
    // Outside code (where GitHub makes no mention), `@` is never followed by a name.
    const text = html.replace(/<code>[^<]*<\/code>/g, '').replace(/<[^>]*>/g, '');
    assert.match(text, /@\u200cuser/, where);
    assert.doesNotMatch(text, /@[A-Za-z0-9]/, `a mention: ${where}`);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| ')).length;
    assert.equal(html.match(/<tr>/g)?.length, rows, `each table row is one row: ${where}`);
  }
});
