/**
 * A diagnostic's code links to its rule's page (codeDescription) for a client that declares it takes one,
 * for the way it gets diagnostics: the page the package ships (it works offline), or the repository's
 * when the package's package.json names a repository, or the client's own when it shows the pages itself
 * (initializationOptions.rulePages, as the VS Code extension does). A client that does not declare it gets no link.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { ClientCapabilities, Diagnostic } from 'vscode-languageserver-protocol/node';
import { realClients } from './clientCapabilities';
import { copyServer, editorCapabilities, LspClient, manifest, repositoryRoot, tempFolder } from './lspClient';

const tool = '{ "id": "words.count", "title": "T", "description": "D", "schema": "./s.json", "handler": "./h.js" }';
const text = manifest(`"contributes": { "tools": [ ${tool} ] }`);

/** The diagnostics a client with these capabilities gets for `text`, pulled or pushed as it declares. */
async function diagnosticsOf(
  capabilities: ClientCapabilities,
  server?: string,
  initializationOptions?: unknown,
): Promise<Diagnostic[]> {
  const client = await LspClient.start({ capabilities, server, initializationOptions });
  try {
    const uri = 'untitled:/word-count/manifest.json';
    await client.open(uri, text);
    if (capabilities.textDocument?.diagnostic) {
      const params = { textDocument: { uri } };
      return (await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', params)).items;
    }
    return await client.diagnostics(uri);
  } finally {
    await client.stop();
  }
}

const idDot = (diagnostics: Diagnostic[]) => diagnostics.find((d) => d.code === 'tools.id-dot');
const shippedPage = pathToFileURL(join(repositoryRoot, 'docs/rules/tools.id-dot.md')).href;

describe('the code links to its page for the clients that take a link', () => {
  for (const { name, capabilities } of realClients) {
    const { diagnostic, publishDiagnostics } = capabilities.textDocument ?? {};
    const declared = !!(diagnostic ?? publishDiagnostics)?.codeDescriptionSupport;
    test(`${name}: ${declared ? 'a link' : 'no link'}`, async () => {
      const reported = idDot(await diagnosticsOf(capabilities));
      assert.ok(reported, 'tools.id-dot is reported');
      assert.deepEqual(reported.codeDescription, declared ? { href: shippedPage } : undefined);
    });
  }

  test('pushed to a client that declares it for publishDiagnostics, not to one that pulls and does not', async () => {
    const push = editorCapabilities();
    push.textDocument!.publishDiagnostics!.codeDescriptionSupport = true;
    assert.deepEqual(idDot(await diagnosticsOf(push))?.codeDescription, { href: shippedPage });
    const pullOnly = editorCapabilities({ pull: true });
    pullOnly.textDocument!.publishDiagnostics!.codeDescriptionSupport = true;
    assert.equal(idDot(await diagnosticsOf(pullOnly))?.codeDescription, undefined);
  });
});

/** A copy of the package: dist/server.js, a package.json, and the rule pages when `pages`. */
function packageCopy(packageJson: object, pages: boolean): string {
  const folder = tempFolder();
  mkdirSync(join(folder.root, 'dist'));
  const server = copyServer(join(folder.root, 'dist'));
  writeFileSync(join(folder.root, 'package.json'), JSON.stringify(packageJson));
  if (pages) cpSync(join(repositoryRoot, 'docs/rules'), join(folder.root, 'docs/rules'), { recursive: true });
  return server;
}

describe('where the link points', () => {
  const vscodeLike = editorCapabilities();
  vscodeLike.textDocument!.publishDiagnostics!.codeDescriptionSupport = true;

  test("the repository's page, when the package.json names a repository", async () => {
    const server = packageCopy({ name: 'filer-plugin-tools', repository: 'github:filer/plugin-tools' }, true);
    assert.deepEqual(idDot(await diagnosticsOf(vscodeLike, server))?.codeDescription, {
      href: 'https://github.com/filer/plugin-tools/blob/HEAD/docs/rules/tools.id-dot.md',
    });
  });

  test('the page the package ships, beside dist/; and none when it ships none', async () => {
    const shipped = packageCopy({ name: 'filer-plugin-tools' }, true);
    assert.deepEqual(idDot(await diagnosticsOf(vscodeLike, shipped))?.codeDescription, {
      href: pathToFileURL(join(shipped, '..', '..', 'docs/rules/tools.id-dot.md')).href,
    });
    const bare = packageCopy({ name: 'filer-plugin-tools' }, false);
    assert.equal(idDot(await diagnosticsOf(vscodeLike, bare))?.codeDescription, undefined);
  });

  test('the address of the pages the client shows itself, ahead of the repository and the package', async () => {
    const server = packageCopy({ name: 'filer-plugin-tools', repository: 'github:filer/plugin-tools' }, true);
    const extension = { builtInJson: { validate: true }, rulePages: 'filer-docs:/docs/rules/' };
    assert.deepEqual(idDot(await diagnosticsOf(vscodeLike, server, extension))?.codeDescription, {
      href: 'filer-docs:/docs/rules/tools.id-dot.md',
    });
  });

  test('a rulePages that is not the address of a folder is not taken: the link is the one without it', async () => {
    const notFolders = ['filer-docs:/docs/rules', 'docs/rules/', 'filer-docs:/a b/', 42, `x:/${'a'.repeat(1000)}/`];
    for (const rulePages of notFolders)
      assert.deepEqual(
        idDot(await diagnosticsOf(vscodeLike, undefined, { rulePages }))?.codeDescription,
        { href: shippedPage },
        JSON.stringify(rulePages),
      );
  });
});
