/**
 * The rule pages as the .vsix ships them: dist/docs.json (scripts/build.mjs), served by the extension at
 * `filer-docs:/docs/…` (client/src/shippedDocs.ts). It holds every page of docs/rules/ and the reference of
 * docs/reference/, word for word and nothing else; every rule's page is at the address the server links its
 * diagnostics to, and every relative link of a page leads to another page there.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { test } from 'node:test';
import { pagePathOfLink, rulePagesAddress, ShippedDocs } from '../../client/src/shippedDocs';
import { clientRulePageLink } from '../../server/src/lsp/rulePages';
import { allRules } from '../../server/src/engine';

const root = join(__dirname, '..', '..', '..');
const docs = new ShippedDocs(() => readFile(join(root, 'dist/docs.json')));

test('dist/docs.json holds docs/rules/*.md and docs/reference/*.txt, word for word, and nothing else', async () => {
  const expected = [
    ...readdirSync(join(root, 'docs/rules'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/rules/${name}`),
    ...readdirSync(join(root, 'docs/reference'))
      .filter((name) => name.endsWith('.txt'))
      .map((name) => `docs/reference/${name}`),
  ];
  const shipped: unknown = JSON.parse(readFileSync(join(root, 'dist/docs.json'), 'utf8'));
  assert.deepEqual(Object.keys(shipped as object).sort(), expected.sort());
  for (const path of expected) assert.equal(await docs.text(`/${path}`), readFileSync(join(root, path), 'utf8'), path);
  assert.equal(await docs.text('/docs/rules/no-such-rule.md'), undefined);
  assert.equal(await docs.text('/docs/rules/constructor'), undefined);
});

test("each rule's page is at the address the server links its diagnostics to, for the extension's rulePages", async () => {
  // VS Code's own scheme (code-server's is code-oss) and the extension's id: the extension's URI handler gets it.
  for (const scheme of ['vscode', 'code-oss', 'vscode-insiders']) {
    const address = rulePagesAddress(scheme, 'filer-plugin-tools.filer-plugin-tools');
    const link = clientRulePageLink(address);
    assert.ok(link, `the server takes the extension's rulePages (${address})`);
    for (const rule of allRules) {
      const url: URL = new URL(link(rule.code));
      assert.equal(url.protocol, `${scheme}:`);
      assert.equal(url.host, 'filer-plugin-tools.filer-plugin-tools');
      // What the URI handler opens, rendered: the page at filer-docs:.
      const page = await pagePathOfLink(docs, url.pathname);
      assert.equal(page, `/docs/rules/${rule.code}.md`);
      assert.ok((await docs.text(page!))?.startsWith(`# ${rule.code}`), `${rule.code}: no page at ${url.href}`);
    }
  }
});

test('the URI handler opens a shipped rule page and nothing else, whatever a link from elsewhere names', async () => {
  for (const path of [
    '/docs/rules/no-such-rule.md',
    '/docs/reference/manifest-reference.txt',
    '/docs/rules/../reference/manifest-reference.txt',
    '/docs/rules/tools.id-dot.md/x',
    '/docs/rules/constructor',
    '/docs/rules/__proto__.md',
    '/etc/passwd',
    '',
  ])
    assert.equal(await pagePathOfLink(docs, path), undefined, path);
  assert.equal(await pagePathOfLink(docs, '/docs/rules/README.md'), '/docs/rules/README.md');
});

test("every relative link of a page leads to a page it ships (the extension's offline copy has no other)", async () => {
  const shipped: Record<string, string> = JSON.parse(readFileSync(join(root, 'dist/docs.json'), 'utf8'));
  let links = 0;
  for (const [path, text] of Object.entries(shipped)) {
    if (!path.endsWith('.md')) continue;
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const resolved = posix.normalize(posix.join(posix.dirname(path), target.replace(/#.*$/, '')));
      assert.ok((await docs.text(`/${resolved}`)) !== undefined, `${path} links to ${target}, which is not shipped`);
      links++;
    }
  }
  assert.ok(links > 200, `only ${links} relative links found`);
});
