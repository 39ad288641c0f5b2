import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { getLanguageService, type DocumentLanguageSettings } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentDiagnosticReport,
  WorkspaceDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { analyzeManifest, type ManifestDiagnostic } from '../../server/src/engine';
import { keyProposedByBuiltInJson, withoutBuiltInJsonDiagnostics } from '../../server/src/lsp/builtInJson';
import { cursor, editorCapabilities, LspClient, manifest, repositoryRoot, tempFolder } from './lspClient';

const brokenSyntax = readFileSync(join(repositoryRoot, 'examples/broken-syntax/manifest.json'), 'utf8');
const brokenEverything = readFileSync(join(repositoryRoot, 'examples/broken-everything/manifest.json'), 'utf8');

/**
 * How VS Code's JSON extension validates each language (its server's `documentSettings`, in
 * vscode-langservers-extracted's jsonServer.js).
 */
const vscodeSettings: Record<string, DocumentLanguageSettings> = {
  json: { comments: 'error', trailingCommas: 'error' },
  jsonc: { comments: 'ignore', trailingCommas: 'warning' },
};
const jsonService = getLanguageService({});

/**
 * VS Code's JSON completion as our extension sets it up: the `jsonValidation` associations of our
 * package.json, each file pattern made a path as VS Code's JSON extension makes it ("manifest.json"
 * becomes "/manifest.json", which matches that name in any folder).
 */
const associated = (() => {
  const { contributes } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    contributes: { jsonValidation: { fileMatch: string | string[]; url: string }[] };
  };
  const service = getLanguageService({ schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8') });
  service.configure({
    schemas: contributes.jsonValidation.map(({ fileMatch, url }) => ({
      uri: pathToFileURL(join(repositoryRoot, url)).href,
      fileMatch: [fileMatch].flat().map((pattern) => (pattern.startsWith('/') ? pattern : `/${pattern}`)),
    })),
  });
  return service;
})();

/** The labels VS Code's JSON completion proposes at `position` of `text` as the file `uri`. */
async function vscodeCompletion(
  uri: string,
  text: string,
  position: { line: number; character: number },
): Promise<string[]> {
  const document = TextDocument.create(uri, 'json', 1, text);
  const list = await associated.doComplete(document, position, associated.parseJSONDocument(document));
  return (list?.items ?? []).map((item) => item.label).sort();
}

/** What VS Code's JSON validation reports in `text`, as offsets. */
async function vscodeReports(
  text: string,
  languageId: string,
): Promise<{ start: number; end: number; message: string }[]> {
  const document = TextDocument.create('file:///plugin/manifest.json', languageId, 1, text);
  const diagnostics = await jsonService.doValidation(
    document,
    jsonService.parseJSONDocument(document),
    vscodeSettings[languageId],
  );
  return diagnostics.map((d) => ({
    start: document.offsetAt(d.range.start),
    end: document.offsetAt(d.range.end),
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
}

/**
 * Broken JSON of every kind our parser reports: syntax errors, comments, trailing commas, duplicate keys, emptiness, a
 * byte-order mark.
 */
const corpus = [
  brokenSyntax,
  brokenEverything,
  '{"name": "a", }',
  '{"name": }',
  '{"name" "a"}',
  '{"a": 1 "b": 2}',
  '{"a": [1, 2}',
  '{"a": {"b": 1}',
  '{"a": 1}}',
  '{"a": 1} x',
  '{a: 1}',
  "{'a': 1}",
  '{"a": tru, "b": fals}',
  '{"a": 01}',
  '{"a": "x\\q"}',
  '{"a": "\\u12"}',
  '{"a": "x',
  '{"a": 1, /* c */ "b": 2}',
  '{"a": 1 // c\n}',
  '{"a": 1, /* c ',
  '{"a": "x\ty"}',
  '[1,]',
  '{"a":1,"a":2,"a":3}',
  '{"a": {"b": 1, "b": 2}, "a": 3}',
  '',
  '   \n',
  '\uFEFF{"a":1}',
  '{"a": -}',
  '{"a": 1.}',
  '{"a": .5}',
  '{,}',
  '{"a":1,,"b":2}',
  '{"a": [,1]}',
  '{"a":',
  '{',
  '[',
  '{"a": NaN}',
  '{"a" : [1 2]}',
  `${'['.repeat(600)}${']'.repeat(600)}`,
];

const jsonCodes = (diagnostics: ManifestDiagnostic[]) => diagnostics.filter((d) => d.code.startsWith('json.'));
const touches = (d: ManifestDiagnostic, reported: { start: number; end: number }) =>
  reported.start <= d.offset + d.length && d.offset <= reported.end;

describe('VS Code\u2019s own JSON validation: what it reports is not repeated (checked against vscode-json-languageservice)', () => {
  for (const languageId of ['json', 'jsonc']) {
    test(`${languageId}: every diagnostic left out is one VS Code reports at the same place; every json.* one kept is one it does not`, async () => {
      for (const text of corpus) {
        const ours = jsonCodes(analyzeManifest(text).diagnostics);
        const kept = new Set(withoutBuiltInJsonDiagnostics(ours, { validate: true }, languageId, text));
        const theirs = await vscodeReports(text, languageId);
        const label = `${JSON.stringify(text.slice(0, 60))} (${languageId}): ours ${JSON.stringify(ours.map((d) => [d.code, d.offset, d.length]))}, VS Code's ${JSON.stringify(theirs)}`;
        for (const diagnostic of ours) {
          if (kept.has(diagnostic)) {
            assert.ok(
              !theirs.some(
                (reported) =>
                  reported.start === diagnostic.offset && reported.end === diagnostic.offset + diagnostic.length,
              ),
              `kept, though VS Code reports it: ${label}`,
            );
          } else if (diagnostic.code === 'json.syntax') {
            // The break is reported where ours is; our tolerant parser's follow-on errors after it go with it.
            const first = ours.find((d) => d.code === 'json.syntax')!;
            assert.ok(
              theirs.some((reported) => touches(first, reported)),
              `left out, though VS Code reports no syntax error there: ${label}`,
            );
          } else {
            assert.ok(
              theirs.some(
                (reported) =>
                  reported.start === diagnostic.offset && reported.end === diagnostic.offset + diagnostic.length,
              ),
              `left out, though VS Code does not report it: ${label}`,
            );
          }
        }
      }
    });
  }

  test('a duplicate key is marked where VS Code marks it, at each occurrence: the editor counts it as the CLI does', async () => {
    for (const text of corpus) {
      const ours = analyzeManifest(text)
        .diagnostics.filter((d) => d.code === 'json.duplicate-key')
        .map((d) => [d.offset, d.offset + d.length]);
      const theirs = (await vscodeReports(text, 'json'))
        .filter((reported) => reported.message === 'Duplicate object key')
        .map((reported) => [reported.start, reported.end]);
      const sorted = (places: number[][]) => [...places].sort((a, b) => a[0] - b[0]);
      assert.deepEqual(sorted(ours), sorted(theirs), JSON.stringify(text.slice(0, 60)));
    }
  });

  test('other languages, and VS Code with json.validate.enable off, keep everything', () => {
    const ours = analyzeManifest(brokenSyntax).diagnostics;
    assert.equal(ours.length, 9);
    assert.deepEqual(withoutBuiltInJsonDiagnostics(ours, { validate: true }, 'plaintext', brokenSyntax), ours);
    assert.deepEqual(withoutBuiltInJsonDiagnostics(ours, { validate: false }, 'json', brokenSyntax), ours);
    assert.deepEqual(withoutBuiltInJsonDiagnostics(ours, undefined, 'json', brokenSyntax), ours);
  });
});

describe('over LSP: a client that runs VS Code\u2019s JSON features beside the server (our VS Code extension)', () => {
  const duplicateAndRule =
    '{\n  "name": "dup",\n  "name": "Not Kebab",\n  "displayName": "D",\n  "version": "1.0.0"\n}';
  const pluginFiles = (plugin: string) =>
    Object.fromEntries(
      ['collect-todos.js', 'collect-todos.schema.json'].map((file) => [
        `${plugin}/tools/${file}`,
        readFileSync(join(repositoryRoot, 'examples/broken-syntax/tools', file), 'utf8'),
      ]),
    );
  const folder = tempFolder({
    'closed/manifest.json': brokenSyntax,
    ...pluginFiles('closed'),
    ...pluginFiles('open-json'),
    ...pluginFiles('open-jsonc'),
  });
  let vscodeLike: LspClient;
  let other: LspClient;
  before(async () => {
    [vscodeLike, other] = await Promise.all([
      LspClient.start({
        workspace: folder.root,
        capabilities: editorCapabilities({ pull: true }),
        initializationOptions: { builtInJson: { validate: true } },
      }),
      LspClient.start({ workspace: folder.root, capabilities: editorCapabilities({ pull: true }) }),
    ]);
  });
  after(async () => {
    await Promise.all([vscodeLike.stop(), other.stop()]);
    folder.cleanup();
  });

  const pull = async (client: LspClient, uri: string) => {
    const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(report.kind, 'full');
    return (report as { items: Diagnostic[] }).items.map(
      (d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`,
    );
  };

  test('an open json manifest: no syntax, comment, trailing-comma or duplicate-key diagnostic; the rules\u2019 ones stay', async () => {
    const uri = folder.uri('open-json/manifest.json');
    await vscodeLike.open(uri, brokenSyntax);
    assert.deepEqual(await pull(vscodeLike, uri), []);
    const duplicate = folder.uri('open-duplicate/manifest.json');
    await vscodeLike.open(duplicate, duplicateAndRule);
    assert.deepEqual(await pull(vscodeLike, duplicate), ['manifest.name 3:11']);
    // Any other client gets all of them.
    await other.open(uri, brokenSyntax);
    assert.equal((await pull(other, uri)).length, 9);
    await other.open(duplicate, duplicateAndRule);
    assert.deepEqual(await pull(other, duplicate), [
      'json.duplicate-key 2:3',
      'json.duplicate-key 3:3',
      'manifest.name 3:11',
    ]);
  });

  test('an open jsonc manifest keeps its comments: VS Code allows them there, the loader does not', async () => {
    const uri = folder.uri('open-jsonc/manifest.json');
    await vscodeLike.open(uri, brokenSyntax, 1, 'jsonc');
    assert.deepEqual(await pull(vscodeLike, uri), ['json.comment 2:3', 'json.comment 15:9', 'json.comment 32:70']);
  });

  test('a manifest that is not open keeps everything: VS Code validates only open documents', async () => {
    const report = await vscodeLike.request<WorkspaceDiagnosticReport>('workspace/diagnostic', {
      previousResultIds: [],
    });
    const closed = report.items.find((item) => item.uri === folder.uri('closed/manifest.json'));
    assert.ok(closed && closed.kind === 'full');
    assert.equal(closed.items.length, 9);
  });

  test('completion: VS Code\u2019s JSON support proposes nothing in a manifest.json, given our schema association; we propose `$schema` there', async () => {
    const source = '{ "name": "p", "displayName": "P", "version": "1.0.0", "contributes": {}, | }';
    const { text, position } = cursor(source);
    const labels = async (client: LspClient, uri: string) => {
      await client.open(uri, text);
      const result = await client.request<CompletionItem[] | CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position,
      });
      return (Array.isArray(result) ? result : result.items).map((item) => item.label);
    };
    assert.deepEqual(await vscodeCompletion('file:///plugin/manifest.json', text, position), []);
    const vscodeLabels = await labels(vscodeLike, folder.uri('completion/manifest.json'));
    assert.ok(vscodeLabels.includes('permissions') && vscodeLabels.includes('$schema'), vscodeLabels.join(', '));
    assert.ok((await labels(other, folder.uri('completion/manifest.json'))).includes('$schema'));
    // A file of another name (one filerManifest.files.include takes in) has no such association: VS Code's JSON
    // proposes `$schema` there.
    assert.ok((await vscodeCompletion('file:///plugin/plugin.json', text, position)).includes('$schema'));
    assert.equal(keyProposedByBuiltInJson({ validate: true }, 'file:///plugin/plugin.json', [], '$schema'), true);
    assert.equal(keyProposedByBuiltInJson({ validate: true }, 'file:///plugin/manifest.json', [], '$schema'), false);
    assert.equal(keyProposedByBuiltInJson(undefined, 'file:///plugin/plugin.json', [], '$schema'), false);
  });
});

describe('VS Code\u2019s JSON completion in a manifest.json, with the schema association of our package.json (checked against vscode-json-languageservice)', () => {
  const withCursor = (at: string) =>
    cursor(
      manifest(`"contributes": {
    "tools": [{ "id": "count_words", "title": "C", "description": "D", "schema": "s.json", "handler": "h.js" }],
    "actions": [
      { "id": "a", "title": "A", "description": "D", "scope": "single-file", "kind": "tool", "toolId": "count_words", "hidden": false },
      { "id": "b", "title": "B", "description": "D", "scope": "single-file", "kind": "tool", ${at} }
    ] }`),
    );
  const atToolId = withCursor('"toolId": "|"');
  const atBoolean = withCursor('"toolId": "", "hidden": |');
  const atKey = withCursor('"toolId": "", |');
  test('no value it sees elsewhere in the file (a toolId), no `true` or `false` of its own, no key; without the association it proposes them', async () => {
    for (const uri of ['file:///plugin/manifest.json', 'file:///deep/folder/manifest.json']) {
      assert.deepEqual(await vscodeCompletion(uri, atToolId.text, atToolId.position), [], `${uri}: toolId`);
      assert.deepEqual(await vscodeCompletion(uri, atBoolean.text, atBoolean.position), [], `${uri}: boolean`);
      assert.deepEqual(await vscodeCompletion(uri, atKey.text, atKey.position), [], `${uri}: key`);
    }
    // What the association keeps away: what VS Code's JSON proposes in a file without a schema.
    const elsewhere = 'file:///plugin/plugin.json';
    assert.deepEqual(await vscodeCompletion(elsewhere, atToolId.text, atToolId.position), ['"count_words"']);
    assert.deepEqual(await vscodeCompletion(elsewhere, atBoolean.text, atBoolean.position), ['false', 'true']);
    assert.ok((await vscodeCompletion(elsewhere, atKey.text, atKey.position)).includes('hidden'));
  });
});
