/**
 * Every rule's examples over a real LSP connection: the built server (dist/server.js), with the
 * capabilities VS Code declares. An incorrect example gets its rule's diagnostic at the marked range
 * and no other, a correct one none, and the fix a client asks for, applied, gives the text (and creates
 * the files) its `fixed` says; the code links to the rule's page. An example with files is a plugin
 * folder on disk, opened by its file URI, with its handlers open beside it (what is said in each counts);
 * one without is an unsaved document, which has no folder (as the engine runner checks it alone).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { allRules, configFileName } from '../../server/src/engine';
import { casesOf, hasConfigFile, listed, writeExample, type ExampleCase } from '../engine/ruleExamples';
import { vscodeCapabilities } from './clientCapabilities';
import { applyFix, pickFix } from './fixHelpers';
import { LspClient, repositoryRoot } from './lspClient';

// Every manifest.json is taken as one, whatever it looks like: an example that is not a JSON object is one too.
const settings = { files: { include: ['**/manifest.json'] } };
let sharedClient: LspClient;
before(async () => {
  sharedClient = await LspClient.start({ capabilities: vscodeCapabilities, settings });
});
after(() => sharedClient.stop());

async function pulled(client: LspClient, uri: string): Promise<Diagnostic[]> {
  const report = await client.request<{ items?: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
  return report.items ?? [];
}

let unsaved = 0;

async function check(example: ExampleCase): Promise<void> {
  const { rule, name, text, span } = example;
  const written = example.example.files ? writeExample(text, example.example.files) : undefined;
  // A config file is read only inside a workspace folder: an example with one is its own workspace.
  const withConfig = written !== undefined && hasConfigFile(example.example);
  const client = withConfig
    ? await LspClient.start({ capabilities: vscodeCapabilities, settings, workspace: written.root })
    : sharedClient;
  const uri = written ? pathToFileURL(written.manifestPath).href : `untitled:/example-${++unsaved}/manifest.json`;
  // Its handlers (and its config file) open beside it, as an author has them: each pulled for what is said in it.
  const handlers = Object.entries(example.example.files ?? {}).flatMap(([path, file]) => {
    if (typeof file !== 'string' || !(/\.[cm]?js$/.test(path) || path === configFileName)) return [];
    return [{ path, uri: pathToFileURL(join(written!.root, path)).href, text: file }];
  });
  const everyDiagnostic = async () => {
    const inHandlers = await Promise.all(
      handlers.map(async (handler) => ({ handler, items: await pulled(client, handler.uri) })),
    );
    return [
      ...(await pulled(client, uri)).map((diagnostic) => ({ ...diagnostic, file: undefined })),
      ...inHandlers.flatMap(({ handler, items }) => items.map((diagnostic) => ({ ...diagnostic, file: handler.path }))),
    ];
  };
  try {
    await client.open(uri, text);
    for (const handler of handlers)
      await client.open(handler.uri, handler.text, 1, handler.path === configFileName ? 'json' : 'javascript');
    const diagnostics = await everyDiagnostic();
    if (!span) {
      assert.equal(diagnostics.length, 0, `${name}: nothing is reported, got ${listed(diagnostics)}`);
      return;
    }
    const expected = [rule.code, ...(example.example.alsoReported ?? [])].sort().join(', ');
    const got = diagnostics
      .map((d) => d.code)
      .sort()
      .join(', ');
    assert.equal(got, expected, `${name}: ${expected} once each and nothing else, got ${listed(diagnostics)}`);
    const handler = handlers.find((candidate) => candidate.path === span.file);
    const document = handler
      ? TextDocument.create(handler.uri, 'javascript', 1, handler.text)
      : TextDocument.create(uri, 'json', 1, text);
    const range = { start: document.positionAt(span.offset), end: document.positionAt(span.offset + span.length) };
    // The one at the marked range, where the rule says one mistake at two places (a duplicate key).
    const ofRule = diagnostics.filter((d) => d.code === rule.code);
    const diagnostic =
      ofRule.find((d) => d.file === span.file && JSON.stringify(d.range) === JSON.stringify(range)) ?? ofRule[0];
    assert.equal(diagnostic.file, span.file, `${name}: in ${span.file ?? 'manifest.json'}`);
    assert.deepEqual(diagnostic.range, range, `${name}: at the marked range`);
    // VS Code takes codeDescription: the code links to the rule's page, the one the package ships.
    const page = pathToFileURL(join(repositoryRoot, 'docs/rules', `${rule.code}.md`)).href;
    assert.deepEqual(diagnostic.codeDescription, { href: page }, `${name}: the code links to its page`);
    const fixed = example.example.fixed;
    if (!fixed) return;
    const { file: _file, ...sent } = diagnostic;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: document.uri },
      range: diagnostic.range,
      context: { diagnostics: [sent], only: ['quickfix'] },
    });
    const action = pickFix(actions, fixed.title);
    const changes = action.edit?.documentChanges ?? [];
    const created = changes.flatMap((change) => ('kind' in change && change.kind === 'create' ? [change.uri] : []));
    const openUris = handlers.map((open) => open.uri);
    assert.equal(
      await applyFix(client, uri, action, openUris),
      fixed.manifest,
      `${name}: the text after "${fixed.title}"`,
    );
    // As `newFiles` names them: relative to the plugin folder, with forward slashes.
    const asNamed = (file: string) => relative(written!.root, fileURLToPath(file)).split('\\').join('/');
    const newFiles = Object.fromEntries(created.map((uri) => [asNamed(uri), readFileSync(fileURLToPath(uri), 'utf8')]));
    assert.deepEqual(newFiles, fixed.newFiles ?? {}, `${name}: the files "${fixed.title}" creates`);
    // The example's files it edited (a tool's schema, not open: edited on disk; a handler, open: in the editor).
    const editedFiles = Object.fromEntries(
      Object.entries(example.example.files ?? {}).flatMap(([path, before]) => {
        if (typeof before !== 'string') return [];
        const open = handlers.find((candidate) => candidate.path === path);
        const after = open ? client.text(open.uri) : readFileSync(join(written!.root, path), 'utf8');
        return after === before ? [] : [[path, after]];
      }),
    );
    assert.deepEqual(editedFiles, fixed.editedFiles ?? {}, `${name}: the files "${fixed.title}" edits`);
    if (fixed.placeholder) return;
    const again = (await everyDiagnostic()).filter((d) => d.code === rule.code);
    assert.equal(again.length, 0, `${name}: ${rule.code} is gone after "${fixed.title}", got ${listed(again)}`);
  } finally {
    for (const handler of handlers) await client.close(handler.uri);
    await client.close(uri);
    if (client !== sharedClient) await client.stop();
    written?.remove();
  }
}

// An example checked with other settings (a cap, a size an editor found) is the engine runner's: the
// server's settings are one for every document (test/lsp/settings*.test.ts and hostile.test.ts hold those).
const withDefaults = (example: ExampleCase) => example.example.checkedWith === undefined;

// A file the system refuses to read is refused to anyone but root, whom no permission stops: the server, reading the
// disk as it is, is given such an example only when it is not run as root.
const asRoot = process.getuid?.() === 0;
const readableToRoot = ({ example }: ExampleCase) =>
  !asRoot || !Object.values(example.files ?? {}).some((file) => typeof file === 'object' && 'unreadable' in file);

for (const rule of allRules) {
  const cases = casesOf(rule).filter(withDefaults).filter(readableToRoot);
  if (cases.length === 0) continue;
  test(`${rule.code}: its examples, over LSP`, async () => {
    for (const example of cases) await check(example);
  });
}
