/**
 * Property tests of the language server's features, in process (fast, many runs): for random
 * mutations of real manifests (token swaps, deletions, emoji and other astral characters, lone
 * surrogates, a BOM, CRLF line ends) and random positions (also past the end of a line or of the
 * document), every feature answers without throwing, in bounded time, with ranges that lie inside
 * the document as the client counts it (UTF-16 code units, a position never inside a line break),
 * never splitting a surrogate pair, and edits that apply.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { allRules, analyzeManifest, type ManifestAnalysis } from '../../server/src/engine';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { quickFixes } from '../../server/src/lsp/features/codeActions';
import { completeManifest, newManifestCompletion } from '../../server/src/lsp/features/completion';
import { definitionAt } from '../../server/src/lsp/features/definition';
import { toLspDiagnostics } from '../../server/src/lsp/diagnostics/convert';
import { documentLinks } from '../../server/src/lsp/features/documentLinks';
import { documentSymbols } from '../../server/src/lsp/features/documentSymbols';
import { hoverAt } from '../../server/src/lsp/features/hover';
import { categoryHints } from '../../server/src/lsp/features/inlayHints';
import { prepareRenameAt, referencesAt, renameAt } from '../../server/src/lsp/features/references';
import { LspClient, repositoryRoot, tempFolder } from './lspClient';

/** One feature call on a small manifest: far more than it needs, far less than a hang. */
const boundMs = 1500;

const seeds = ['word-count', 'broken-everything', 'legacy-tools', 'process-runtime'].map((name) => {
  const root = join(repositoryRoot, 'examples', name);
  return {
    root,
    text: readFileSync(join(root, 'manifest.json'), 'utf8'),
    folder: new NodePluginFolder(root),
    files: filesUnder(root),
  };
});

/** An emoji before keys and values on the same line: the columns after it count two units for it. */
const astralSeed = {
  ...seeds[0],
  text: seeds[0].text
    .replace('"Counts words', '"📁🧮 Counts 𝒲ords')
    .replace('"id": "count_words",', '"x-😀": 1, "id": "count_words",'),
};

function filesUnder(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [relative(root, path).split('\\').join('/')];
  });
}

// ---------------------------------------------------------------------------------------------
// Mutations: at the level of JSON tokens (what a half-typed edit does) and of characters

const tokenPattern =
  /"(?:[^"\\\r\n]|\\.)*"?|[{}[\],:]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|\/\/[^\n]*|\s+|./gsu;

const insertions = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  '"id": ',
  '\uFEFF',
  '\r\n',
  '\r',
  '\n',
  '📁',
  '😀',
  '𝒲',
  '\ud800',
  '\udfff',
  '//',
  '/*',
  '\u2028',
  '\t',
];

type Mutation =
  | { kind: 'swap-tokens'; a: number; b: number }
  | { kind: 'delete-token'; at: number }
  | { kind: 'duplicate-token'; at: number }
  | { kind: 'delete-chars'; at: number; count: number }
  | { kind: 'insert'; at: number; text: string };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('swap-tokens' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('delete-token' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate-token' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('delete-chars' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...insertions), fc.string({ unit: 'binary', maxLength: 4 })),
  }),
);

function mutate(text: string, mutations: Mutation[]): string {
  let out = text;
  for (const m of mutations) {
    if (m.kind === 'delete-chars' || m.kind === 'insert') {
      const at = m.at % (out.length + 1);
      out =
        m.kind === 'insert' ? out.slice(0, at) + m.text + out.slice(at) : out.slice(0, at) + out.slice(at + m.count);
      continue;
    }
    const tokens = out.match(tokenPattern) ?? [];
    if (tokens.length === 0) continue;
    if (m.kind === 'swap-tokens') {
      const [a, b] = [m.a % tokens.length, m.b % tokens.length];
      [tokens[a], tokens[b]] = [tokens[b], tokens[a]];
    } else if (m.kind === 'delete-token') tokens.splice(m.at % tokens.length, 1);
    else tokens.splice(m.at % tokens.length, 0, tokens[m.at % tokens.length]);
    out = tokens.join('');
  }
  return out;
}

const lineEnds = fc.constantFrom('keep', 'crlf', 'cr') as fc.Arbitrary<'keep' | 'crlf' | 'cr'>;

function withShape(text: string, bom: boolean, ends: 'keep' | 'crlf' | 'cr'): string {
  const shaped = ends === 'crlf' ? text.replace(/\r?\n/g, '\r\n') : ends === 'cr' ? text.replace(/\r?\n/g, '\r') : text;
  return bom ? `\uFEFF${shaped}` : shaped;
}

// ---------------------------------------------------------------------------------------------
// What every answer must satisfy

/** A position the client can use: inside the document, not past its line's end, not inside a line break. */
function assertPosition(client: TextDocument, position: Position, what: string): number {
  assert.ok(
    Number.isInteger(position.line) &&
      Number.isInteger(position.character) &&
      position.line >= 0 &&
      position.character >= 0,
    `${what}: ${JSON.stringify(position)}`,
  );
  assert.ok(position.line < client.lineCount, `${what}: line ${position.line} of ${client.lineCount}`);
  const offset = client.offsetAt(position);
  assert.deepEqual(
    client.positionAt(offset),
    position,
    `${what}: ${JSON.stringify(position)} is past its line's end or inside a line break`,
  );
  return offset;
}

/**
 * A range inside the document that starts before it ends and, unless `edge` is the cursor's own offset, splits no
 * surrogate pair.
 */
function assertRange(client: TextDocument, range: Range, what: string, cursorOffset?: number): [number, number] {
  const start = assertPosition(client, range.start, `${what} start`);
  const end = assertPosition(client, range.end, `${what} end`);
  assert.ok(start <= end, `${what}: ${JSON.stringify(range)} ends before it starts`);
  const text = client.getText();
  for (const edge of [start, end]) {
    if (edge === cursorOffset) continue;
    const [before, after] = [text.charCodeAt(edge - 1), text.charCodeAt(edge)];
    assert.ok(
      !(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff),
      `${what}: ${JSON.stringify(range)} splits a surrogate pair`,
    );
  }
  return [start, end];
}

function timed<T>(what: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  const elapsed = performance.now() - started;
  assert.ok(elapsed < boundMs, `${what} took ${elapsed.toFixed(0)} ms`);
  return result;
}

/** The edits of a WorkspaceEdit for the manifest, checked and applied as the client would (overlapping edits throw). */
function assertManifestEdit(
  client: TextDocument,
  uri: string,
  edit: WorkspaceEdit | undefined | null,
  what: string,
  folderUri = pathToFileURL(fakeRoot).href,
): void {
  if (!edit) return;
  const manifestEdits: TextEdit[] = [...(edit.changes?.[uri] ?? [])];
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      assert.equal(change.kind, 'create', `${what}: only files are created`);
      assert.ok(change.uri.startsWith(folderUri + '/'), `${what}: creates ${change.uri} outside the plugin folder`);
      continue;
    }
    if (change.textDocument.uri === uri) manifestEdits.push(...change.edits.filter((e): e is TextEdit => 'range' in e));
  }
  for (const textEdit of manifestEdits) assertRange(client, textEdit.range, `${what} edit`);
  TextDocument.applyEdits(client, manifestEdits);
}

// A folder that is not there: links and definitions need file URIs only, never the disk.
const fakeRoot = join(repositoryRoot, 'test/lsp/fixtures/no-such-plugin');
const fileUri = (relativePath: string) => pathToFileURL(join(fakeRoot, relativePath)).href;
const uri = fileUri('manifest.json');

/** A client position: a valid one from an offset (often next to an astral character), or anything at all. */
const positionArbitrary: fc.Arbitrary<PositionSpec> = fc.oneof(
  fc.record({ kind: fc.constant('offset' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('raw' as const),
    line: fc.integer({ min: 0, max: 400 }),
    character: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({
    kind: fc.constant('far' as const),
    line: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    character: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  }),
);

type PositionSpec = { kind: 'offset'; at: number } | { kind: 'raw' | 'far'; line: number; character: number };

function clientPosition(client: TextDocument, spec: PositionSpec): Position {
  if (spec.kind === 'offset') return client.positionAt(spec.at % (client.getText().length + 1));
  return { line: spec.line, character: spec.character };
}

/** Every feature at one position of one analysed text. */
function exerciseFeatures(
  text: string,
  analysis: ManifestAnalysis,
  position: Position,
  otherPosition: Position,
  snippets: boolean,
  sentDiagnostics: Diagnostic[],
): void {
  const client = TextDocument.create(uri, 'json', 1, text);
  const { document, model } = analysis;
  // The server reads a position as the client means it (past a line's end: that end).
  const offset = document.lines.offsetAt(position);
  assert.equal(offset, client.offsetAt(position), `the offset of ${JSON.stringify(position)}`);
  const env = { snippets, pluginFiles: () => ['tools/a.schema.json', 'tools/b.js', 'prompts/p.md'] };

  for (const item of timed('completion', () => completeManifest(document, model, offset, env))) {
    const edit = item.textEdit as TextEdit;
    const [start, end] = assertRange(client, edit.range, `completion ${item.label}`, offset);
    assert.ok(
      start <= offset && offset <= end,
      `completion ${item.label}: ${JSON.stringify(edit.range)} does not hold the cursor ${offset}`,
    );
    assert.equal(typeof edit.newText, 'string');
  }
  for (const item of timed('new-manifest completion', () => newManifestCompletion(document, 'my plugin', env)))
    assertRange(client, (item.textEdit as TextEdit).range, 'new manifest');

  const hover = timed('hover', () => hoverAt(document, model, offset));
  if (hover?.range) {
    const [start, end] = assertRange(client, hover.range, 'hover');
    const covered = text.slice(start, end);
    // A value or key hover covers the node under the cursor; an object or array shows its bracket.
    if (covered !== '{' && covered !== '[')
      assert.ok(start <= offset && offset <= end, `hover ${JSON.stringify(hover.range)} does not hold ${offset}`);
  }

  for (const link of timed('definition', () => definitionAt(uri, document, model, offset, fileUri))) {
    assertRange(client, link.originSelectionRange!, 'definition origin');
    if (link.targetUri === uri) {
      assertRange(client, link.targetRange, 'definition target');
      assertRange(client, link.targetSelectionRange, 'definition selection');
    } else
      assert.ok(
        link.targetUri.startsWith(pathToFileURL(fakeRoot).href + '/'),
        `definition leaves the plugin folder: ${link.targetUri}`,
      );
  }
  for (const location of timed('references', () => referencesAt(uri, document, model, offset, true)))
    assertRange(client, location.range, 'reference');
  const prepared = timed('prepare rename', () => prepareRenameAt(document, model, offset));
  if (prepared) assertRange(client, prepared.range, 'prepare rename');
  for (const newName of ['renamed-id', 'x.y', '😀', '']) {
    const renamed = timed('rename', () => renameAt(uri, 1, document, model, offset, newName, snippets));
    if (renamed && !('code' in renamed)) assertManifestEdit(client, uri, renamed, 'rename');
  }

  const visit = (symbols: ReturnType<typeof documentSymbols>, depth: number): void => {
    for (const symbol of symbols) {
      const [start, end] = assertRange(client, symbol.range, `symbol ${symbol.name}`);
      const [selectionStart, selectionEnd] = assertRange(
        client,
        symbol.selectionRange,
        `symbol ${symbol.name} selection`,
      );
      assert.ok(
        start <= selectionStart && selectionEnd <= end,
        `symbol ${symbol.name}: its selection is outside its range`,
      );
      assert.ok(symbol.name.length > 0);
      visit(symbol.children ?? [], depth + 1);
    }
  };
  visit(
    timed('document symbols', () => documentSymbols(document, model)),
    0,
  );

  const [from, to] = [position, otherPosition].sort((a, b) => a.line - b.line || a.character - b.character);
  for (const hint of timed('inlay hints', () => categoryHints(document, model, { start: from, end: to }))) {
    const at = assertPosition(client, hint.position, `inlay hint ${hint.label}`);
    // Right after the id (or a half-typed one): never inside a word.
    const isWord = (ch: string | undefined) => ch !== undefined && /\w/.test(ch);
    assert.ok(
      !(isWord(text[at - 1]) && isWord(text[at])) && at > 0,
      `an inlay hint inside a word: ${JSON.stringify(text.slice(at - 40, at + 10))}`,
    );
  }
  for (const link of timed('document links', () => documentLinks(document, model, fileUri))) {
    const [start, end] = assertRange(client, link.range, 'document link');
    // Without its quotes; a half-typed path (no closing quote, up to the line end) loses none of its characters.
    const closedOrHalfTyped = text[end] === '"' || end === text.length || text[end] === '\r' || text[end] === '\n';
    assert.ok(
      text[start - 1] === '"' && closedOrHalfTyped,
      `a link covers a path without its quotes: ${JSON.stringify(text.slice(start - 1, end + 1))}`,
    );
    assert.ok(
      link.target!.startsWith(pathToFileURL(fakeRoot).href + '/'),
      `a link leaves the plugin folder: ${link.target}`,
    );
  }

  const actions = timed('code actions', () =>
    quickFixes(sentDiagnostics, {
      uri,
      version: 1,
      documentUri: uri,
      analysis,
      fileUri,
      applyEdit: false,
      creatable: (relativePath) => (relativePath.length % 3 === 0 ? 'exists' : 'free'),
      documentChanges: snippets,
      canCreateFiles: snippets,
      folderName: 'my plugin',
    }),
  );
  for (const action of actions) assertManifestEdit(client, uri, action.edit, `quick fix "${action.title}"`);
}

const codes = allRules.map((rule) => rule.code);

/**
 * What a client sends back with a code-action request: the diagnostics as published, some without data, some with a
 * stranger's range or code.
 */
function diagnosticsSentBack(
  analysis: ManifestAnalysis,
  corrupt: { index: number; how: 'drop-data' | 'move' | 'recode' }[],
): Diagnostic[] {
  const sent = toLspDiagnostics(analysis.diagnostics);
  for (const { index, how } of corrupt) {
    if (sent.length === 0) break;
    const original = sent[index % sent.length];
    const copy: Diagnostic = { ...original };
    if (how === 'drop-data') delete copy.data;
    else if (how === 'move')
      copy.range = { start: { line: index % 7, character: index % 11 }, end: { line: (index % 7) + 1, character: 0 } };
    else copy.code = codes[index % codes.length];
    sent.push(copy);
  }
  return sent;
}

const corruptionArbitrary = fc.array(
  fc.record({ index: fc.nat(), how: fc.constantFrom('drop-data' as const, 'move' as const, 'recode' as const) }),
  { maxLength: 4 },
);

test('features on random mutations of real manifests (CRLF, BOM, astral characters) never throw and answer inside the document', () => {
  const allSeeds = [...seeds, astralSeed];
  fc.assert(
    fc.property(
      fc.nat({ max: allSeeds.length - 1 }),
      fc.array(mutationArbitrary, { maxLength: 6 }),
      fc.boolean(),
      lineEnds,
      fc.array(positionArbitrary, { minLength: 2, maxLength: 4 }),
      fc.boolean(),
      corruptionArbitrary,
      (seedIndex, mutations, bom, ends, positions, snippets, corruptions) => {
        const seed = allSeeds[seedIndex];
        const text = withShape(mutate(seed.text, mutations), bom, ends);
        const analysis = analyzeManifest(text, { folder: seed.folder });
        const client = TextDocument.create(uri, 'json', 1, text);
        const sent = diagnosticsSentBack(analysis, corruptions);
        for (let i = 0; i < positions.length; i++) {
          exerciseFeatures(
            text,
            analysis,
            clientPosition(client, positions[i]),
            clientPosition(client, positions[(i + 1) % positions.length]),
            snippets,
            sent,
          );
        }
      },
    ),
    { numRuns: 400 },
  );
});

test('every position of a manifest with emoji on its lines: features answer in UTF-16 columns the client agrees with', () => {
  const text = withShape(astralSeed.text, true, 'crlf');
  const analysis = analyzeManifest(text, { folder: astralSeed.folder });
  const client = TextDocument.create(uri, 'json', 1, text);
  const sent = toLspDiagnostics(analysis.diagnostics);
  // Every offset of the lines with astral characters, every fifth elsewhere; all features at each.
  const astralLines = new Set(
    text.split('\r\n').flatMap((line, index) => (/[\u{10000}-\u{10FFFF}]/u.test(line) ? [index] : [])),
  );
  assert.ok(astralLines.size >= 2);
  for (let offset = 0; offset <= text.length; offset += 1) {
    const position = client.positionAt(offset);
    if (!astralLines.has(position.line) && offset % 5 !== 0) continue;
    exerciseFeatures(
      text,
      analysis,
      position,
      client.positionAt(Math.min(text.length, offset + 200)),
      offset % 2 === 0,
      offset % 97 === 0 ? sent : [],
    );
  }
  // The key after an emoji on its line: hover covers exactly that key, as the client counts columns.
  const keyOffset = text.indexOf('"x-😀"');
  const hover = hoverAt(analysis.document, analysis.model, keyOffset + 2);
  const idOffset = text.indexOf('"count_words"');
  const idHover = hoverAt(
    analysis.document,
    analysis.model,
    analysis.document.lines.offsetAt(client.positionAt(idOffset + 3)),
  );
  assert.ok(
    idHover?.range && client.getText(idHover.range) === '"count_words"',
    `the hover of a tool id on an emoji line covers it: ${JSON.stringify(idHover?.range)}`,
  );
  assert.ok(keyOffset > 0 && (hover === undefined || client.getText(hover.range!) === '"x-😀"'));
});

test('any string at all: every feature answers without throwing', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 300 }),
      positionArbitrary,
      positionArbitrary,
      fc.boolean(),
      (text, a, b, snippets) => {
        const analysis = analyzeManifest(text);
        const client = TextDocument.create(uri, 'json', 1, text);
        exerciseFeatures(
          text,
          analysis,
          clientPosition(client, a),
          clientPosition(client, b),
          snippets,
          toLspDiagnostics(analysis.diagnostics),
        );
      },
    ),
    { numRuns: 600 },
  );
});

test('a half-typed path or id (no closing quote yet) keeps all its characters in links and renames', () => {
  const text =
    '{\n  "name": "p",\n  "contributes": {\n    "tools": [ { "id": "count", "title": "T", "description": "D", "schema": "./s.json", "handler": "./tools/h.js\n    } ],\n    "actions": [ { "id": "a", "kind": "tool", "toolId": "count\n    } ]\n  }\n}\n';
  const { document, model } = analyzeManifest(text);
  const client = TextDocument.create(uri, 'json', 1, text);
  assert.deepEqual(
    documentLinks(document, model, fileUri).map((link) => client.getText(link.range)),
    ['./s.json', './tools/h.js'],
  );
  const prepared = prepareRenameAt(document, model, text.indexOf('"count\n') + 2);
  assert.equal(prepared && client.getText(prepared.range), 'count');
});

test('a document whose root is a string or a number (forced in by filerManifest.files.include): completion answers nothing', () => {
  for (const text of ['"abc"', '42', 'true', '"half-typed']) {
    const { document, model } = analyzeManifest(text);
    for (let offset = 0; offset <= text.length; offset++)
      assert.deepEqual(completeManifest(document, model, offset, { snippets: true }), []);
  }
});

test('over a real connection: mutated manifests, every feature at random positions, answers inside the document', async () => {
  const folder = tempFolder();
  const client = await LspClient.start({ workspace: folder.root });
  try {
    const samples = fc.sample(
      fc.tuple(
        fc.nat({ max: seeds.length }),
        fc.array(mutationArbitrary, { maxLength: 4 }),
        fc.boolean(),
        lineEnds,
        fc.array(positionArbitrary, { minLength: 3, maxLength: 3 }),
      ),
      { numRuns: 40 },
    );
    for (const [index, [seedIndex, mutations, bom, ends, positions]] of samples.entries()) {
      const seed = [...seeds, astralSeed][seedIndex];
      const text = withShape(mutate(seed.text, mutations), bom, ends);
      const documentUri = folder.uri(`p${index}/manifest.json`);
      const editorText = TextDocument.create(documentUri, 'json', 1, text);
      await client.open(documentUri, text);
      const textDocument = { uri: documentUri };
      for (const spec of positions) {
        const position = clientPosition(editorText, spec);
        const completion = await client.request<{ textEdit: TextEdit }[]>('textDocument/completion', {
          textDocument,
          position,
        });
        for (const item of completion)
          assertRange(editorText, item.textEdit.range, 'completion', editorText.offsetAt(position));
        const hover = await client.request<{ range?: Range } | null>('textDocument/hover', { textDocument, position });
        if (hover?.range) assertRange(editorText, hover.range, 'hover');
        for (const link of await client.request<
          { originSelectionRange: Range; targetUri: string; targetRange: Range }[]
        >('textDocument/definition', { textDocument, position })) {
          assertRange(editorText, link.originSelectionRange, 'definition origin');
          if (link.targetUri === documentUri) assertRange(editorText, link.targetRange, 'definition target');
        }
      }
      const whole = { start: { line: 0, character: 0 }, end: { line: 100_000, character: 0 } };
      for (const link of await client.request<{ range: Range }[]>('textDocument/documentLink', { textDocument }))
        assertRange(editorText, link.range, 'link');
      for (const hint of await client.request<{ position: Position }[]>('textDocument/inlayHint', {
        textDocument,
        range: whole,
      }))
        assertPosition(editorText, hint.position, 'inlay hint');
      const symbols = await client.request<{ range: Range; selectionRange: Range }[]>('textDocument/documentSymbol', {
        textDocument,
      });
      for (const symbol of symbols) assertRange(editorText, symbol.range, 'symbol');
      // A mutation may leave something that is no manifest at all: such a document gets no diagnostics.
      const { recognized } = await client.request<{ recognized: boolean }>('filer/manifestStatus', {
        uri: documentUri,
      });
      const diagnostics = recognized ? await client.diagnostics(documentUri) : [];
      for (const diagnostic of diagnostics) assertRange(editorText, diagnostic.range, `diagnostic ${diagnostic.code}`);
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument,
        range: whole,
        context: { diagnostics },
      });
      for (const action of actions)
        assertManifestEdit(editorText, documentUri, action.edit, action.title, folder.uri(`p${index}`));
      await client.close(documentUri);
    }
    assert.equal(client.exited, false);
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
