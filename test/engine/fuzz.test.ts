import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { analyzeManifest, LineIndex, type ManifestAnalysis, type PluginFolder } from '../../server/src/engine';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';

const examples = join(__dirname, '../../../examples');
/**
 * The example's folder, remembering what the rules derive from each file (its files do not change), as the server's
 * does: a handler is parsed once, not once per mutation.
 */
function rememberingFolder(root: string): PluginFolder {
  const folder = new NodePluginFolder(root);
  const derived = new Map<string, unknown>();
  return {
    stat: (relativePath) => folder.stat(relativePath),
    readText: (relativePath) => folder.readText(relativePath),
    rememberUntilChanged<T>(relativePath: string, purpose: string, derive: () => T): T {
      const key = `${purpose}\0${relativePath}`;
      if (!derived.has(key)) derived.set(key, derive());
      return derived.get(key) as T;
    },
  };
}

const seeds = ['word-count', 'broken-everything', 'legacy-tools', 'process-runtime'].map((name) => ({
  text: readFileSync(join(examples, name, 'manifest.json'), 'utf8'),
  folder: rememberingFolder(join(examples, name)),
}));

/**
 * Every diagnostic lies inside the text of its file (the manifest's, or a handler's), and its range agrees with its
 * offsets.
 */
function assertWellFormed(manifestText: string, analysis: ManifestAnalysis, folder?: PluginFolder): void {
  for (const d of analysis.diagnostics) {
    const read = d.file === undefined ? undefined : folder?.readText(d.file);
    if (d.file !== undefined) assert.equal(read?.kind, 'text', `${d.code} is in ${d.file}, a file of the folder`);
    const text = read?.kind === 'text' ? read.text : manifestText;
    const lines = read?.kind === 'text' ? new LineIndex(read.text) : analysis.document.lines;
    assert.ok(
      d.offset >= 0 && d.length >= 0 && d.offset + d.length <= text.length,
      `${d.code} at ${d.offset}+${d.length} in ${text.length}`,
    );
    assert.deepEqual(d.range.start, lines.positionAt(d.offset));
    assert.deepEqual(d.range.end, lines.positionAt(d.offset + d.length));
    // The reference's words: an undeclared `ctx.toast` or `ctx.store` is undefined.
    const withoutReferenceWords = d.message.replace(/`ctx\.\w+` is undefined/g, '');
    assert.ok(
      d.message.length > 0 && !/\bundefined\b|\[object Object\]|\bNaN\b/.test(withoutReferenceWords),
      `${d.code}: ${d.message}`,
    );
    // A range never splits a surrogate pair: LSP clients count UTF-16 units and would mis-draw it.
    for (const edge of [d.offset, d.offset + d.length]) {
      const [before, after] = [text.charCodeAt(edge - 1), text.charCodeAt(edge)];
      assert.ok(
        !(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff),
        `${d.code} splits a surrogate pair`,
      );
    }
  }
}

test('truncation at every offset of every example never throws and keeps ranges inside the text', () => {
  for (const { text, folder } of seeds) {
    for (let end = 0; end <= text.length; end++) {
      const truncated = text.slice(0, end);
      assertWellFormed(truncated, analyzeManifest(truncated, { folder }), folder);
    }
  }
});

test('any string at all is validated without throwing', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
      assertWellFormed(text, analyzeManifest(text));
    }),
    { numRuns: 2000 },
  );
});

test('JSON-shaped random values are validated without throwing', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
      const text = JSON.stringify(value, null, 2);
      assertWellFormed(text, analyzeManifest(text));
    }),
    { numRuns: 1000 },
  );
});

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', '\uFEFF', '\r\n', '📁', '\ud800', '//', '/*'),
    ),
  }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
);

function mutate(
  text: string,
  mutations: { kind: string; at: number; count?: number; text?: string; other?: number }[],
): string {
  let out = text;
  for (const m of mutations) {
    const at = m.at % (out.length + 1);
    if (m.kind === 'delete') out = out.slice(0, at) + out.slice(at + m.count!);
    else if (m.kind === 'insert') out = out.slice(0, at) + m.text! + out.slice(at);
    else if (out.length > 1) {
      const other = m.other! % out.length;
      const [a, b] = at < other ? [at, other] : [other, at];
      if (b < out.length) out = out.slice(0, a) + out[b] + out.slice(a + 1, b) + out[a] + out.slice(b + 1);
    }
  }
  return out;
}

test('random mutations of valid and broken manifests, with CRLF and a BOM, never throw', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: seeds.length - 1 }),
      fc.array(mutation, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.boolean(),
      (seed, mutations, crlf, bom) => {
        let text = mutate(seeds[seed].text, mutations);
        if (crlf) text = text.replace(/\n/g, '\r\n');
        if (bom) text = '\uFEFF' + text;
        assertWellFormed(text, analyzeManifest(text, { folder: seeds[seed].folder }), seeds[seed].folder);
      },
    ),
    { numRuns: 1500 },
  );
});
