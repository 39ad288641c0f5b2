/**
 * The rule pages from the command line: `filer-manifest explain <code>` prints the page the package ships
 * (and nothing else, whatever the argument), and SARIF's rules carry each page as help (its Markdown and a
 * plain-text form, which code scanning shows with an alert), and as helpUri only when it is a web address:
 * the repository's copy when the package's package.json names a repository, never a file: URI.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { decisionOf } from '../../server/src/engine/rules/decisions';
import { ruleHelp } from '../../server/src/cli/formats/sarifHelp';
import { repositoryPages } from '../../server/src/host/rulePages';
import { cliPath, describeRun, repoRoot, runCli, tempTree } from './runCli';

// markdown-it ships no types; the calls used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (
  preset: string,
  options: Record<string, boolean>,
) => {
  render(markdown: string): string;
  linkify: { set(options: Record<string, boolean>): void };
};

/** As GitHub renders Markdown: raw HTML allowed, bare URLs and e-mail addresses made links. */
function rendered(markdown: string): string {
  const renderer = new MarkdownIt('default', { html: true, linkify: true });
  renderer.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
  return renderer.render(markdown);
}

const pagesFolder = path.join(repoRoot, 'docs', 'rules');
const page = (code: string) => readFileSync(path.join(pagesFolder, `${code}.md`), 'utf8');

/**
 * A copy of the installed package: dist/cli.js, a package.json, and the rule pages as `pages` says
 * (the repository's, none, or the repository's with one page swapped for a link out of the package).
 */
function packageCopy(packageJson: object, pages: 'shipped' | 'none' | 'linked' = 'shipped'): { cli: string } {
  const root = tempTree({ 'secret.txt': 'not a page\n' });
  const cli = path.join(root, 'package', 'dist', 'cli.js');
  mkdirSync(path.dirname(cli), { recursive: true });
  copyFileSync(cliPath, cli);
  writeFileSync(path.join(root, 'package', 'package.json'), JSON.stringify(packageJson));
  if (pages !== 'none') cpSync(pagesFolder, path.join(root, 'package', 'docs', 'rules'), { recursive: true });
  if (pages === 'linked') {
    const linked = path.join(root, 'package', 'docs', 'rules', 'tools.id-dot.md');
    rmSync(linked);
    symlinkSync(path.join(root, 'secret.txt'), linked);
  }
  return { cli };
}

const cwd = tempTree({ 'plugin/manifest.json': '{ "name": "Word Count", "displayName": "W", "version": "1.0.0" }\n' });

test('explain prints the page of a rule, exit 0', () => {
  const run = runCli(['explain', 'tools.id-dot'], { cwd });
  assert.equal(run.status, 0, describeRun(run));
  assert.equal(run.stdout, page('tools.id-dot'));
  assert.equal(run.stderr, '');
  assert.match(runCli(['explain', '--help'], { cwd }).stdout, /^Usage: filer-manifest explain <code>/);
  assert.match(runCli(['--help'], { cwd }).stdout, /filer-manifest explain <code>/);
});

test('explain of an unknown code: exit 2, and the code it may mean', () => {
  for (const [code, meant] of [
    ['tools.id-do', 'tools.id-dot'],
    ['id-dot', 'tools.id-dot'],
    ['TOOLS.ID-DOT', 'tools.id-dot'],
    ['files.mising', 'files.missing'],
  ]) {
    const run = runCli(['explain', code], { cwd });
    assert.equal(run.status, 2, describeRun(run));
    assert.equal(run.stdout, '');
    assert.equal(run.stderr.split('\n')[0], `filer-manifest: No rule has the code "${code}". Did you mean "${meant}"?`);
  }
});

test('explain: no argument names a file, forges a line or takes long (the attack list)', () => {
  const refused: [string[], RegExp][] = [
    // Paths: the code is looked up among the rules before anything is read.
    [['explain', '../../etc/passwd'], /^filer-manifest: No rule has the code "\.\.\/\.\.\/etc\/passwd"\.$/m],
    [['explain', '/etc/passwd'], /No rule has the code "\/etc\/passwd"\.$/m],
    [['explain', 'tools.id-dot.md'], /No rule has the code "tools\.id-dot\.md"\. Did you mean "tools\.id-dot"\?$/m],
    [['explain', '../rules/tools.id-dot'], /No rule has the code "\.\.\/rules\/tools\.id-dot"\./m],
    // The index is a page of the folder, and no rule's.
    [['explain', 'README'], /No rule has the code "README"\./m],
    // Names every object has.
    [['explain', 'constructor'], /No rule has the code "constructor"\.$/m],
    [['explain', '__proto__'], /No rule has the code "__proto__"\.$/m],
    [['explain', 'toString'], /No rule has the code "toString"\.$/m],
    [['explain', 'hasOwnProperty'], /No rule has the code "hasOwnProperty"\.$/m],
    // Terminal escapes, a right-to-left override, a line break: shown escaped, never written as they are.
    [['explain', '\x1b[2J\x1b[31mtools.id-dot'], /No rule has the code "\\x1b\[2J\\x1b\[31mtools\.id-dot"\.$/m],
    [['explain', 'tools.\u202eid-dot'], /No rule has the code "tools\.\\u202eid-dot"\./m],
    [['explain', 'tools.id-dot\nfiler-manifest: ok'], /the code "tools\.id-dot\\nfiler-manifest: ok"\./m],
    [['explain', ''], /No rule has the code ""\.$/m],
    [['explain'], /Name a rule code/],
    [['explain', 'tools.id-dot', 'files.missing'], /Name one rule code, not 2\./],
    [['explain', '--all'], /Unknown option '--all'/],
  ];
  for (const [args, said] of refused) {
    const run = runCli(args, { cwd });
    assert.equal(run.status, 2, describeRun(run));
    assert.equal(run.stdout, '', JSON.stringify(args));
    assert.match(run.stderr, said);
    const control = /[\x00-\x08\x0b-\x1f\x7f\u202e]/.exec(run.stderr);
    assert.equal(control, null, `no control character reaches the terminal: ${JSON.stringify(run.stderr)}`);
  }
});

test('explain prints the same page to a terminal as to a pipe, and no page holds what a terminal would act on', () => {
  // No pager and no colour: nothing is run (a $PAGER is a program), and the page is its Markdown as shipped.
  const command = `test -t 1 && ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)} explain tools.id-dot`;
  const onTerminal = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, encoding: 'utf8' });
  assert.equal(onTerminal.status, 0, onTerminal.stderr);
  assert.equal(onTerminal.stdout.replace(/\r\n/g, '\n'), page('tools.id-dot'));
  // What explain writes is a page as it is: none carries a control character or a bidirectional override.
  for (const name of readdirSync(pagesFolder)) {
    const found = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.exec(
      page(name.slice(0, -3)),
    );
    assert.equal(found, null, `${name}: ${JSON.stringify(found?.[0])}`);
  }
});

test('explain reads only the page the package ships: not one that is missing, nor a link in its place', () => {
  const none = packageCopy({ name: 'filer-manifest' }, 'none');
  const missing = runCli(['explain', 'tools.id-dot'], { cwd, cli: none.cli });
  assert.equal(missing.status, 2, describeRun(missing));
  const said = 'the page of tools.id-dot is not in this installation of filer-manifest (docs/rules/tools.id-dot.md)';
  assert.equal(missing.stderr, `filer-manifest: ${said}.\n`);
  const linked = packageCopy({ name: 'filer-manifest' }, 'linked');
  const refused = runCli(['explain', 'tools.id-dot'], { cwd, cli: linked.cli });
  assert.equal(refused.status, 2, describeRun(refused));
  assert.ok(!refused.stdout.includes('not a page'));
  // The other pages of that copy are read.
  assert.equal(runCli(['explain', 'files.missing'], { cwd, cli: linked.cli }).stdout, page('files.missing'));
});

interface SarifRule {
  id: string;
  fullDescription?: { text: string };
  help?: { text: string; markdown: string };
  helpUri?: string;
}

function sarifRules(cli?: string): SarifRule[] {
  const run = runCli(['check', '--format', 'sarif', 'plugin'], { cwd, cli });
  assert.equal(run.status, 1, describeRun(run));
  return JSON.parse(run.stdout).runs[0].tool.driver.rules;
}

/** The page's one link, to the rules index: relative, so it leads nowhere from a code scanning alert. */
const indexLink = ' [Every rule](README.md)';

test('sarif: every rule has its fullDescription and its page as help, and no file: URI as helpUri', () => {
  const rules = sarifRules();
  assert.deepEqual(
    rules.map((rule) => rule.id),
    allRules.map((rule) => rule.code),
  );
  rules.forEach((rule, index) => {
    const { code, description } = allRules[index];
    const decision = decisionOf(code);
    assert.equal(rule.fullDescription?.text, decision ? `${description} ${decision}` : description);
    // The package names no repository: its pages are files on the machine that ran the check, no link.
    assert.equal(rule.helpUri, undefined, rule.id);
    const shipped = page(rule.id);
    assert.ok(shipped.includes(indexLink), `${rule.id}: the page links to the index`);
    assert.equal(rule.help?.markdown, shipped.replace(indexLink, ''), rule.id);
    const text = rule.help!.text;
    assert.ok(text.startsWith(`${rule.id}\n\n`), `${rule.id}: the text starts with the code, no heading mark`);
    assert.ok(text.includes(description.replace(/[[\]]/g, '\\$&')), `${rule.id}: the text says what it checks`);
    assert.match(text.split('\n')[2], /^(Error|Warning|Information|Hint) in /, `${rule.id}: no emphasis`);
    assert.doesNotMatch(text, /^#|^```|README\.md/m, `${rule.id}: plain text`);
    assert.doesNotMatch(text, /(?<!\\)[[\]]/, `${rule.id}: every bracket escaped, no embedded link`);
  });
  // A package without the pages has no help to give.
  const bare = packageCopy({ name: 'filer-manifest' }, 'none');
  assert.ok(sarifRules(bare.cli).every((rule) => rule.help === undefined && rule.helpUri === undefined));
  // Nor does it give a page that is a link in place of the file, nor what the link points at.
  const linked = sarifRules(packageCopy({ name: 'filer-manifest' }, 'linked').cli);
  assert.equal(linked.find((rule) => rule.id === 'tools.id-dot')?.help, undefined);
  assert.ok(!JSON.stringify(linked).includes('not a page'));
  assert.equal(linked.find((rule) => rule.id === 'files.missing')?.help?.markdown.split('\n')[0], '# files.missing');
});

test("sarif: helpUri is the repository's page when the package's package.json names a repository, and help links there", () => {
  const repository = { type: 'git', url: 'git+https://github.com/filer/plugin-tools.git', directory: 'server' };
  const rules = sarifRules(packageCopy({ name: 'filer-manifest', repository }).cli);
  const pages = 'https://github.com/filer/plugin-tools/blob/HEAD/docs/rules';
  const idDot = rules.find((rule) => rule.id === 'tools.id-dot');
  assert.equal(idDot?.helpUri, `${pages}/tools.id-dot.md`);
  assert.ok(rules.every((rule) => rule.helpUri === `${pages}/${rule.id}.md`));
  for (const rule of rules) {
    const linked = page(rule.id).replace(indexLink, ` [Every rule](${pages}/README.md)`);
    assert.equal(rule.help?.markdown, linked, rule.id);
    assert.match(rule.help!.text, new RegExp(`^.* Every rule \\(${pages}/README\\.md\\)$`, 'm'));
  }
});

test('sarif: a rule\u2019s help makes no markup but its page\u2019s own, rendered as GitHub renders it', () => {
  const repository = 'github:filer/plugin-tools';
  const rules = sarifRules(packageCopy({ name: 'filer-manifest', repository }).cli);
  const index = 'https://github.com/filer/plugin-tools/blob/HEAD/docs/rules/README.md';
  const links = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
  for (const rule of rules) {
    const html = rendered(rule.help!.markdown);
    const pageLinks = links(rendered(page(rule.id))).map((link) => (link === 'README.md' ? index : link));
    assert.deepEqual(links(html), pageLinks, `${rule.id}: the page's links, its index link to the repository`);
    assert.ok(
      links(html).every((link) => link.startsWith('https://')),
      rule.id,
    );
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]));
    const pageMarkup = ['h1', 'h2', 'p', 'strong', 'a', 'blockquote', 'pre', 'code', 'br', 'ul', 'ol', 'li', 'em'];
    assert.deepEqual(
      [...tags].filter((tag) => !pageMarkup.includes(tag)),
      [],
      `${rule.id}: only the markup a page is written with`,
    );
  }
});

test('sarif help from a page: code blocks and spans as written, links resolved or left out, escapes undone in text', () => {
  const pageText = [
    '# area.rule',
    '',
    '**Warning** in `a[0](b)`. [Every rule](README.md) [elsewhere](javascript:alert(1)) [site](https://example.com/x)',
    '',
    '> The reference: \\*\\*/.env and \\<base64>',
    '',
    '```json',
    '{ "id": "[x](README.md)" }',
    '```',
    '',
    '~~~',
    '## not a heading',
    '~~~',
  ].join('\n');
  const base = 'https://github.com/o/r/blob/HEAD/docs/rules/area.rule.md';
  assert.deepEqual(ruleHelp(pageText, base), {
    markdown: [
      '# area.rule',
      '',
      '**Warning** in `a[0](b)`. [Every rule](https://github.com/o/r/blob/HEAD/docs/rules/README.md) [site](https://example.com/x)',
      '',
      '> The reference: \\*\\*/.env and \\<base64>',
      '',
      '```json',
      '{ "id": "[x](README.md)" }',
      '```',
      '',
      '~~~',
      '## not a heading',
      '~~~',
    ].join('\n'),
    text: [
      'area.rule',
      '',
      'Warning in `a\\[0\\](b)`. Every rule (https://github.com/o/r/blob/HEAD/docs/rules/README.md) site (https://example.com/x)',
      '',
      '> The reference: **/.env and <base64>',
      '',
      '    { "id": "\\[x\\](README.md)" }',
      '',
      '    ## not a heading',
    ].join('\n'),
  });
  // Without the page's web address, its relative link is left out, with its text.
  assert.equal(ruleHelp('**Error** in x. [Every rule](README.md)\n', undefined).markdown, '**Error** in x.\n');
});

test('a repository is read in the forms npm reads, on GitHub, GitLab and Bitbucket; any other is no link', () => {
  const pages = 'docs/rules';
  const onGitHub = `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`;
  const cases: [unknown, string | undefined][] = [
    ['filer/plugin-tools', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['github:filer/plugin-tools', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['gitlab:filer/plugin-tools', `https://gitlab.com/filer/plugin-tools/-/blob/HEAD/${pages}`],
    ['bitbucket:filer/plugin-tools', `https://bitbucket.org/filer/plugin-tools/src/HEAD/${pages}`],
    ['https://github.com/filer/plugin-tools', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['https://github.com/filer/plugin-tools.git', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['git+https://gitlab.com/filer/plugin-tools.git', `https://gitlab.com/filer/plugin-tools/-/blob/HEAD/${pages}`],
    ['git://github.com/filer/plugin-tools.git', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['git+ssh://git@github.com/filer/plugin-tools.git', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    ['git@github.com:filer/plugin-tools.git', `https://github.com/filer/plugin-tools/blob/HEAD/${pages}`],
    [{ type: 'git', url: 'https://github.com/filer/plugin-tools.git', directory: 'x' }, onGitHub],
    // Other hosts, other forms, and what is no repository at all.
    ['https://git.example.com/filer/plugin-tools.git', undefined],
    ['https://github.com/filer/plugin-tools/tree/main/server', undefined],
    ['https://github.com/filer/../plugin-tools', undefined],
    ['github:../..', undefined],
    ['javascript:alert(1)//a/b', undefined],
    ['https://github.com/filer/plugin tools', undefined],
    [`github:filer/${'a'.repeat(2000)}`, undefined],
    [{ url: 42 }, undefined],
    [null, undefined],
    [['filer/plugin-tools'], undefined],
    [undefined, undefined],
  ];
  for (const [repository, expected] of cases) {
    assert.equal(repositoryPages(repository), expected, JSON.stringify(repository));
  }
});
