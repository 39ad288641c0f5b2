/**
 * One file can fail only itself: a handler that a parser gives up on, a plugin folder whose reads throw, a check that
 * throws. Each becomes one finding on that file, and every other file and rule is checked as before. And the work a
 * handler costs is linear in its text, once per file whatever the number of entries that name it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeManifest, validateModel, type ManifestDiagnostic, type PluginFolder } from '../../server/src/engine';
import { handlerFacts } from '../../server/src/engine/handlers/handlerFacts';
import { countWordsPlugin } from '../../server/src/engine/rules/examples';
import { manifest, pluginFolder } from './helpers';

const codes = (diagnostics: ManifestDiagnostic[]) => diagnostics.map((d) => d.code);

/** A tool that reads a path its schema lacks a permission for, in a handler with a Windows path and a typo. */
const windowsPathHandler = [
  'module.exports = async (args, ctx) => {',
  '  const dir = "C:\\8bit";',
  '  return ctx.fs.read(dir',
  '};',
  '',
].join('\n');

const oneTool = (handler: string) =>
  manifest(`"contributes": { "tools": [
    { "id": "t", "title": "T", "description": "Reads a file.", "schema": "./t.schema.json", "handler": "./${handler}",
      "annotations": { "readOnlyHint": true } }
  ] }`);
const schema = JSON.stringify({ type: 'object', properties: { path: { type: 'string', format: 'file-path' } } });

test('a half-typed handler with an escape acorn-loose gave up on ("C:\\8bit") is read: its undeclared ctx.fs.read is found (the CLI ended with "internal error" and the server exited)', () => {
  const facts = handlerFacts(windowsPathHandler, 'h.js', 'tool');
  assert.equal(facts.parse, 'tolerant');
  assert.equal(facts.notChecked, undefined);
  assert.deepEqual(
    facts.ctxUses.map((use) => use.gated.member),
    ['ctx.fs.read'],
  );
  const { folder } = pluginFolder({ 'h.js': windowsPathHandler, 't.schema.json': schema });
  const found = analyzeManifest(oneTool('h.js'), { folder }).diagnostics;
  assert.ok(codes(found).includes('handlers.undeclared-permission'), codes(found).join(', '));
});

test('a code point out of bounds and other escapes in a half-typed handler are skipped, never thrown', () => {
  for (const escape of ['"\\u{110000}"', '"\\x"', '"\\u12"', '`\\u{ZZ}`', '"\\8"', '/[/', '0x', '1e', '08.5']) {
    const text = `module.exports = async (args, ctx) => {\n  const a = ${escape};\n  ctx.log(a\n};\n`;
    const facts = handlerFacts(text, 'h.js', 'tool');
    assert.equal(facts.notChecked?.reason, undefined, `${escape}: ${JSON.stringify(facts.notChecked)}`);
  }
});

test('a handler nesting past what the parser can descend is handlers.not-checked at its start, and the rest of the plugin is checked', () => {
  const deep = `module.exports = async (args, ctx) => ctx.log(${'['.repeat(20_000)});\n`;
  const { folder } = pluginFolder({ 'h.js': deep, 't.schema.json': schema });
  const found = analyzeManifest(oneTool('h.js'), { folder }).diagnostics;
  const notChecked = found.find((d) => d.code === 'handlers.not-checked');
  assert.ok(notChecked, codes(found).join(', '));
  assert.equal(notChecked.file, 'h.js');
  assert.deepEqual(notChecked.range.start, { line: 0, character: 0 });
  assert.equal(notChecked.severity, 'information');
  assert.match(notChecked.message, /nests too deeply/);
});

/** A folder whose reads of `failing` throw, as a host's may (an I/O error of a network drive, a bug). */
function failingFolder(inner: PluginFolder, failing: string, when: 'stat' | 'read'): PluginFolder {
  const fail = (relativePath: string) => {
    if (relativePath === failing) throw new Error(`EIO: i/o error, read '${relativePath}'`);
  };
  return {
    stat: (relativePath) => (when === 'stat' && fail(relativePath), inner.stat(relativePath)),
    readText: (relativePath) => (when === 'read' && fail(relativePath), inner.readText(relativePath)),
  };
}

test('a file whose read throws is files.not-checked at the path naming it; every other file and rule is checked', () => {
  const text = countWordsPlugin({ permissions: null });
  const files = {
    'tools/count-words.schema.json': schema,
    'tools/count-words.js': 'module.exports = async (args, ctx) => ctx.fs.read(args.path);\n',
  };
  const { folder } = pluginFolder(files);
  const expected = codes(analyzeManifest(text, { folder }).diagnostics);
  assert.ok(expected.includes('handlers.undeclared-permission'));
  for (const [when, failing, what] of [
    ['stat', 'tools/count-words.js', 'the handler module'],
    ['read', 'tools/count-words.schema.json', 'the tool’s JSON-Schema file'],
  ] as const) {
    const found = analyzeManifest(text, {
      folder: failingFolder(pluginFolder(files).folder, failing, when),
    }).diagnostics;
    const notChecked = found.filter((d) => d.code === 'files.not-checked');
    assert.equal(notChecked.length, 1, `${when}: ${codes(found).join(', ')}`);
    assert.ok(
      notChecked[0].message.includes(`the check of ${what} failed ("Error: EIO: i/o error`),
      notChecked[0].message,
    );
    assert.match(notChecked[0].message, /a fault of Filer Plugin Tools, not of the plugin/);
    // The other file's findings are still made: the handler's, or, with the handler unread, the schema's summary.
    if (when === 'read') assert.ok(codes(found).includes('handlers.undeclared-permission'), codes(found).join(', '));
  }
});

test('a rule area whose check throws is diagnostics.check-failed at the manifest’s start; the other areas report as before', () => {
  const text = countWordsPlugin({ permissions: null }).replace('"version": "1.0.0"', '"version": "1.0"');
  const files = {
    'tools/count-words.schema.json': schema,
    'tools/count-words.js': 'module.exports = async (args, ctx) => ctx.fs.read(args.path);\n',
  };
  const { folder } = pluginFolder(files);
  const model = analyzeManifest(text, { folder }).model;
  // The handler is read again when its code is parsed, by the handlers area: there, the throw reaches the area.
  let reads = 0;
  const failingOnSecondRead: PluginFolder = {
    stat: (relativePath) => folder.stat(relativePath),
    readText: (relativePath) => {
      if (relativePath === 'tools/count-words.js' && ++reads > 1) throw new TypeError('not a function');
      return folder.readText(relativePath);
    },
  };
  const found = validateModel(model, { folder: failingOnSecondRead });
  const failed = found.filter((d) => d.code === 'diagnostics.check-failed');
  assert.equal(failed.length, 2, codes(found).join(', '));
  assert.deepEqual(failed.map((d) => d.message.match(/^The check of (.*?) failed/)?.[1]).sort(), [
    'the handlers rules',
    'the permissions rules',
  ]);
  assert.equal(failed[0].offset, 0);
  assert.equal(failed[0].severity, 'warning');
  // Every other area still reports.
  assert.ok(codes(found).includes('manifest.version'), codes(found).join(', '));
  assert.equal(
    validateModel(model, {
      folder: failingOnSecondRead,
      severityOverrides: { 'diagnostics.check-failed': 'off' },
    }).some((d) => d.code === 'diagnostics.check-failed'),
    false,
  );
});

test('200 tools naming one handler module read it once for its text and once for its parse, whatever the host', () => {
  const tools = Array.from(
    { length: 200 },
    (_, i) =>
      `{ "id": "t${i}", "title": "T", "description": "Reads a file.", "schema": "./t.schema.json", "handler": "./bundle.js", "annotations": { "readOnlyHint": true } }`,
  );
  const text = manifest(`"contributes": { "tools": [${tools.join(',')}] }, "permissions": { "log": true }`);
  const { folder } = pluginFolder({
    'bundle.js': 'module.exports = async (args, ctx) => { ctx.log(args.path); return ctx.fs.read(args.path); };\n',
    't.schema.json': schema,
  });
  const reads = new Map<string, number>();
  const counting: PluginFolder = {
    stat: (relativePath) => folder.stat(relativePath),
    readText: (relativePath) => {
      reads.set(relativePath, (reads.get(relativePath) ?? 0) + 1);
      return folder.readText(relativePath);
    },
  };
  const found = analyzeManifest(text, { folder: counting }).diagnostics;
  assert.equal(reads.get('bundle.js'), 2);
  assert.equal(reads.get('t.schema.json'), 1);
  // Its one finding is said once, not once per tool.
  assert.equal(found.filter((d) => d.code === 'handlers.undeclared-permission').length, 1);
});
