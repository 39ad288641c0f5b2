import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { generatePlugin, writePluginFolder } from '../../bench/generateManifest';
import {
  analyzeManifest,
  asksAt,
  categoryMeaning,
  computeContextMenu,
  describeGating,
  gatingReport,
  toolGating,
  type PluginFolder,
  type RuleData,
} from '../../server/src/engine';
import type { MenuSelection } from '../../server/src/engine/menu/menuModel';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { manifest, pluginFolder } from './helpers';
import { analyzeExample, everyCase } from './ruleExamples';

const repoRoot = join(__dirname, '../../..');
const temporary: string[] = [];
after(() => temporary.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A manifest to validate, and how. */
interface Sample {
  text: string;
  folder?: PluginFolder;
  maxDiagnostics?: number;
  tooLarge?: RuleData<'diagnostics.file-too-large'>;
}

/** Manifests whose messages carry counts, names and optional parts: the places where wording goes wrong. */
function corners(): Sample[] {
  const { folder } = pluginFolder({
    'tools/a.schema.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-03/schema#',
      type: 'object',
      properties: { outputFile: { type: 'string' } },
    }),
    'tools/b.schema.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      properties: { n: { exclusiveMinimum: 1 } },
    }),
    'tools/a.js': 'module.exports = async (args, ctx) => { ctx.toast("x"); ctx.store.get("k"); };',
  });
  const text =
    manifest(`"permissions": { "fetch": { "settings": ["endpont"] }, "fs": { "read": { "parameter": true }, "list": { "static": ["\${dataDir}/x/**"] } } },
  "contributes": {
    "tools": [
      { "id": "a", "title": "A", "description": "d", "schema": "tools/a.schema.json", "handler": "tools/a.js", "annotations": {} },
      { "id": "b", "title": "B", "description": "d", "schema": "tools/b.schema.json", "handler": "tools/a.js" },
      { "title": "C", "description": "d", "schema": "s.json", "handler": "h.js" }
    ],
    "actions": [
      { "id": "one", "title": "One", "description": "d", "scope": ["multi-file"], "kind": "tool", "toolId": "a", "multiFileMode": "batch" },
      { "id": "two", "title": "Two", "description": "d", "scope": ["single-file", "multi-file"], "kind": "tool" },
      { "id": "three", "title": "Three", "description": "d", "scope": [], "kind": "tool", "toolId": "zz", "generate": { "label": "G", "actionId": "one", "populateParamId": "p", "forwardParamIds": ["q"] } }
    ],
    "settings": { "endpoint": { "type": "string", "title": "E" }, "limit": { "type": "number", "title": "L", "min": 5, "max": 1, "default": 9 } }
  }`);
  const hookFolder = pluginFolder({
    'hooks/done.js': 'module.exports = async (event, ctx) => { await ctx.fs.write("${dataDir}/log.txt", "x"); };',
  }).folder;
  const shapes =
    manifest(`"autor": "x", "permissions": { "fs": { "write": { "parameter": true } }, "fetch": { "settings": ["endpoint"] } },
  "contributes": {
    "tools": [{ "id": "save", "title": "S", "description": "d", "schema": "s.json", "handler": "h.js", "timeout": "30 seconds", "fileExtensions": ".md", "timout": 1 }],
    "actions": [{ "title": "A", "description": "d", "scope": "single-file", "prompt": "p.md", "hidden": "yes", "promt": "x" }],
    "settings": { "endpoint": { "type": "string", "title": "E", "default": "api.example.com", "secret": "no", "titel": "x" } },
    "hooks": { "onAgentComplete": "hooks/done.js", "onAppReady": 5, "onRuntimeReady": { "handler": "hooks/done.js", "filters": {} } },
    "commands": [{ "title": "C", "contexts": "chat", "handlr": "x.js" }],
    "views": [{ "title": 1, "place": "x" }]
  }`).replace('  "name": "sample-plugin",\n', '');
  // A $ref chain past the links the checks follow, at a schema's root and at a property.
  const $defs: Record<string, unknown> = { d33: { type: 'string' } };
  for (let i = 0; i < 33; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
  const chainFolder = pluginFolder({
    'tools/root.schema.json': JSON.stringify({ $ref: '#/$defs/d0', $defs }),
    'tools/property.schema.json': JSON.stringify({ $defs, properties: { src: { $ref: '#/$defs/d0' } } }),
    'tools/h.js': '',
  }).folder;
  const chainTool = (id: string) =>
    `{ "id": "${id}", "title": "T", "description": "d", "schema": "tools/${id}.schema.json", "handler": "tools/h.js",` +
    ' "annotations": { "readOnlyHint": true } }';
  const chainManifest = manifest(`"contributes": { "tools": [${chainTool('root')}, ${chainTool('property')}] }`);
  return [
    { text, folder },
    { text },
    { text: chainManifest, folder: chainFolder },
    { text: shapes, folder: hookFolder },
    { text: shapes, maxDiagnostics: 3 },
    { text: shapes, tooLarge: { megabytes: 17.04, maxFileSize: 16 } },
    { text: manifest('"runtime": "process"') },
    {
      text: manifest(
        '"permissions": { "fs": { "write": {} } }, "contributes": { "hooks": [], "tools": [{ "id": "save", "title": "S", "description": "d", "schema": "s.json", "handler": "h.js" }, ' +
          '{ "id": "", "title": "E", "description": "d", "schema": "s.json", "handler": "h.js" }] }',
      ),
    },
    { text: '{ "name": "broken", ' },
    { text: '[]' },
    { text: `${'['.repeat(600)}${']'.repeat(600)}` },
  ];
}

/** Every example plugin, the benchmark's broken plugin, and the corners above. */
function samples(): Sample[] {
  const examples = readdirSync(join(repoRoot, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(repoRoot, 'examples', entry.name));
  const generated = generatePlugin(40, 'broken');
  const generatedRoot = writePluginFolder(generated);
  temporary.push(generatedRoot);
  return [
    ...examples.map((root) => ({
      text: readFileSync(join(root, 'manifest.json'), 'utf8'),
      folder: new NodePluginFolder(root),
    })),
    { text: generated.manifestText, folder: new NodePluginFolder(generatedRoot) },
    ...corners(),
  ];
}

const selections: MenuSelection[] = [
  { kind: 'file', names: ['notes.md'] },
  { kind: 'files', names: ['notes.md'] },
  { kind: 'files', names: ['a.md', 'b.pdf', 'c.png'] },
  { kind: 'folder', names: ['docs'] },
];

/**
 * Every string the engine says about these samples: diagnostics, gating lines and the context menu's
 * words; and the message of every rule's examples, so that each rule is read at least once.
 */
function everyString(): string[] {
  const strings = new Set<string>([...Object.values(categoryMeaning), ...Object.values(asksAt)]);
  for (const { text, example } of everyCase()) {
    analyzeExample(text, example, ({ diagnostics }) => diagnostics.forEach((d) => strings.add(d.message)));
  }
  for (const { text, ...options } of samples()) {
    const { diagnostics, model } = analyzeManifest(text, options);
    diagnostics.forEach((d) => strings.add(d.message));
    for (const tool of model.tools) strings.add(describeGating(toolGating(tool, model)));
    const report = gatingReport(model, diagnostics);
    for (const tool of report.tools) tool.reasonsInWords.forEach((words) => strings.add(words));
    if (report.refusal) strings.add(report.refusal.words);
    for (const selection of selections) {
      const menu = computeContextMenu(model, selection);
      menu.excluded.forEach((excluded) => strings.add(excluded.reason));
      for (const entry of menu.entries) {
        const tool = entry.tool?.found
          ? [entry.tool.gating, entry.tool.asks, entry.tool.whenChosen]
          : [entry.tool?.problem];
        for (const said of [entry.title, ...tool, entry.dialog.multiFile?.words, entry.dialog.prompt?.toolScopeWords]) {
          if (said) strings.add(said);
        }
      }
    }
  }
  return [...strings];
}

const badWording: [string, RegExp][] = [
  ['a plural after 1', /\b1 (?!of\b)\w+s\b/],
  ['a doubled word', /\b(\w+) \1\b/i],
  // "`ctx.toast` is undefined" (when not declared) is the reference's own sentence, not a placeholder.
  ['an empty placeholder', /(?<!\bis )\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|``|\(\s*\)|"#\d+"/],
  // ", .png" in a list of extensions is not stray punctuation.
  ['stray punctuation', /[,:;]\s*[.,:;](?!\w)|\s[,;:](?=\s|$)/],
  // The reference's shorthand, which a new user cannot act on: say what decides (the folder's trust level), or what is
  // meant.
  ['words a new user does not know', /per the trust table|nothing that applies/],
];

/** "approval category read: reads": a meaning that only repeats the category's name. */
const ownName = (category: string, meaning: string) => meaning.toLowerCase().startsWith(category.slice(0, 4));

test('every message, gating line and menu string the engine says about the examples reads well', () => {
  const strings = everyString();
  // WORDING_LIST=strings.txt node --test out/test/engine/wording.test.js writes them out, to read as an author would.
  if (process.env.WORDING_LIST) writeFileSync(process.env.WORDING_LIST, `${strings.join('\n')}\n`);
  assert.ok(strings.length > 150, `enough strings to be worth reading (${strings.length})`);
  const bad = strings.flatMap((said) =>
    badWording.filter(([, pattern]) => pattern.test(said)).map(([what]) => `${what}: ${said}`),
  );
  assert.deepEqual(bad, []);
});

test('each approval category is explained in other words than its own name', () => {
  assert.deepEqual(
    Object.entries(categoryMeaning).filter(([category, meaning]) => ownName(category, meaning)),
    [],
  );
  assert.ok(
    ownName('read', 'reads') &&
      ownName('modify', 'modifies its environment') &&
      !ownName('read', 'does not modify its environment'),
  );
});

test('the wording checks catch what they are for', () => {
  for (const [what, said] of [
    ['a plural after 1', 'The tool is called once, with all 1 paths.'],
    ['a doubled word', 'the the tool'],
    ['an empty placeholder', 'Tool undefined is missing ()'],
    ['stray punctuation', 'Property `x` of "s.json": .'],
    ['words a new user does not know', 'modify: asks per the trust table'],
  ]) {
    const pattern = badWording.find(([name]) => name === what)![1];
    assert.match(said, pattern, what);
  }
});
