import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  analyzeManifest,
  dataOf,
  proposeFixes,
  type Creatable,
  type FixProposal,
  type ManifestAnalysis,
  type OffsetEdit,
} from '../../server/src/engine';
import { manifest, pluginFolder } from './helpers';

/** The proposals of the rule's fix for the first diagnostic of `code`: pure, from the engine alone. */
function proposals(
  analysis: ManifestAnalysis,
  code: string,
  creatable: Creatable = () => 'free',
  data?: unknown,
): FixProposal[] {
  const diagnostic = analysis.diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `a ${code} among ${analysis.diagnostics.map((d) => d.code).join(', ')}`);
  return proposeFixes(data === undefined ? diagnostic : { ...diagnostic, data }, analysis, {
    creatable,
    folderName: 'my-folder',
  });
}

function applied(text: string, edits: OffsetEdit[]): string {
  return [...edits]
    .sort((a, b) => b.offset - a.offset)
    .reduce((out, edit) => out.slice(0, edit.offset) + edit.newText + out.slice(edit.offset + edit.length), text);
}

test('a fix is a pure function of the finding and the document: edits by offset and new files, no LSP type', () => {
  const text = manifest(
    '"contributes": { "tools": [ { "name": "count", "title": "T", "description": "D", "handler": "./h.js", "parameters": { "type": "object" } } ] }',
  );
  const [single] = proposals(analyzeManifest(text), 'tools.legacy-shape');
  assert.equal(
    single.title,
    'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count.schema.json',
  );
  assert.equal(single.isPreferred, true);
  assert.deepEqual(single.newFiles, [{ filePath: 'tools/count.schema.json', text: '{\n  "type": "object"\n}\n' }]);
  assert.equal(
    applied(text, single.edits),
    text
      .replace('"name": "count"', '"id": "count"')
      .replace('"parameters": { "type": "object" }', '"schema": "./tools/count.schema.json"'),
  );
});

test('the create-file fix makes what the rule found the field names (its data), not a guess from the JSON path', () => {
  const { folder } = pluginFolder({});
  const text = manifest('"contributes": { "hooks": { "onAppReady": "./hooks/ready.js" } }');
  const analysis = analyzeManifest(text, { folder });
  const data = dataOf(
    analysis.diagnostics.find((d) => d.code === 'files.missing')!,
    'files.missing',
  )!;
  assert.equal(data.referenceKind, 'hook-handler');
  assert.deepEqual(
    proposals(analysis, 'files.missing').map((p) => p.newFiles),
    [
      [
        {
          filePath: 'hooks/ready.js',
          text: "'use strict';\n\nmodule.exports = async (event, ctx) => {\n  // Runs on the hook's event: `event` is what Filer tells about it.\n};\n",
        },
      ],
    ],
  );
  // The same finding said to be a tool schema gets a schema: the fix reads the kind from the data.
  assert.deepEqual(
    proposals(analysis, 'files.missing', () => 'free', { ...data, referenceKind: 'tool-schema' }).map(
      (p) => p.newFiles[0].text,
    ),
    ['{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {}\n}\n'],
  );
  // Nothing is made where the folder says a file cannot be.
  assert.deepEqual(
    proposals(analysis, 'files.missing', () => 'outside'),
    [],
  );
});

/**
 * The text of the file `filePath` that the first fix of `code` creates (the fix of the finding about that path, when
 * several are).
 */
function createdText(
  text: string,
  code: string,
  folder?: ReturnType<typeof pluginFolder>['folder'],
  filePath?: string,
): string {
  const analysis = analyzeManifest(text, { folder });
  const diagnostic = analysis.diagnostics.find(
    (d) => d.code === code && (!filePath || (d.data as { filePath?: string }).filePath === filePath),
  );
  assert.ok(
    diagnostic,
    `a ${code} for ${filePath ?? 'any file'} among ${analysis.diagnostics.map((d) => d.code).join(', ')}`,
  );
  const [proposal] = proposals(analysis, code, () => 'free', diagnostic.data);
  assert.equal(proposal.newFiles.length, 1);
  return proposal.newFiles[0].text;
}

const toolWith = (handler: string) =>
  `{ "id": "resize_image", "title": "T", "description": "D", "schema": "tools/resize.schema.json", "handler": "${handler}", "annotations": {} }`;

test('a missing tool handler is made as a skeleton: the schema\u2019s arguments destructured, a string returned, the manifest\u2019s indentation', () => {
  const { folder } = pluginFolder({
    'tools/resize.schema.json': JSON.stringify({
      type: 'object',
      properties: { path: { type: 'string' }, width: { type: 'integer' } },
    }),
  });
  const twoSpaces = manifest(`"contributes": { "tools": [${toolWith('tools/resize.js')}] }`);
  assert.equal(
    createdText(twoSpaces, 'files.missing', folder),
    [
      "'use strict';",
      '',
      'module.exports = async ({ path, width }, ctx) => {',
      "  // The tool's work. A string reaches the agent verbatim; any other value is JSON.stringify'd.",
      '  return `path: ${path}, width: ${width}`;',
      '};',
      '',
    ].join('\n'),
  );
  // Tabs and CRLF, as the manifest writes them.
  const tabs = twoSpaces.replace(/\n {2}/g, '\r\n\t').replace(/\n\}$/, '\r\n}');
  assert.equal(
    createdText(tabs, 'files.missing', folder).split('\r\n')[3],
    "\t// The tool's work. A string reaches the agent verbatim; any other value is JSON.stringify'd.",
  );
  assert.ok(createdText(tabs, 'files.missing', folder).endsWith('};\r\n'));
});

test('a tool handler skeleton takes `args` whole when the schema is unknown or a name is not a plain identifier', () => {
  const expectArgs = (text: string) =>
    assert.match(
      text,
      /^module\.exports = async \(args, ctx\) => \{\n.*\n {2}return JSON\.stringify\(args\);\n\};\n$/m,
    );
  // No schema file to read.
  expectArgs(
    createdText(
      manifest(`"contributes": { "tools": [${toolWith('tools/resize.js')}] }`),
      'files.missing',
      pluginFolder({}).folder,
      'tools/resize.js',
    ),
  );
  // Hostile names from the schema file never become code: markup, template syntax, reserved words, the names the
  // function binds.
  for (const name of [
    'file-path',
    '${process.exit()}',
    '`x`',
    'a b',
    'class',
    'ctx',
    '__proto__',
    'x'.repeat(65),
    '',
  ]) {
    const { folder } = pluginFolder({
      'tools/resize.schema.json': JSON.stringify({ type: 'object', properties: { path: {}, [name]: {} } }),
    });
    const text = createdText(
      manifest(`"contributes": { "tools": [${toolWith('tools/resize.js')}] }`),
      'files.missing',
      folder,
      'tools/resize.js',
    );
    expectArgs(text);
    if (/\W/.test(name) || name.length > 64) assert.ok(!text.includes(name), `${name} is not in the skeleton`);
  }
  // Too many to list: args.
  const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`a${i}`, {}]));
  const manyFolder = pluginFolder({ 'tools/resize.schema.json': JSON.stringify({ properties: many }) }).folder;
  expectArgs(
    createdText(
      manifest(`"contributes": { "tools": [${toolWith('tools/resize.js')}] }`),
      'files.missing',
      manyFolder,
      'tools/resize.js',
    ),
  );
});

test('no text of the manifest gets into a skeleton: not the tool\u2019s id, title or description, not the hook\u2019s event', () => {
  const { folder } = pluginFolder({});
  const hostile = '*/ ${process.exit(1)} `\u001b[2J <b>x</b>\n// y';
  const text =
    manifest(`"contributes": { "tools": [{ "id": ${JSON.stringify(hostile)}, "title": ${JSON.stringify(hostile)}, "description": ${JSON.stringify(hostile)}, "schema": "s.json", "handler": "h.js" }],
    "hooks": { ${JSON.stringify(hostile)}: "hooks/x.js" } }`);
  for (const path of ['h.js', 'hooks/x.js', 's.json']) {
    const created = createdText(text, 'files.missing', folder, path);
    for (const piece of ['process.exit', '*/', '<b>', '\u001b', '// y'])
      assert.ok(!created.includes(piece), `${path}: ${piece}`);
  }
});

test('a handler skeleton is exported as the plugin\u2019s other handlers export theirs: `export default` only when they all do', () => {
  const text = manifest(
    `"contributes": { "tools": [${toolWith('tools/resize.js')}], "hooks": { "onAppReady": "hooks/ready.js", "onRuntimeReady": "hooks/runtime.js" } }`,
  );
  const handler = 'tools/resize.js';
  const esm = pluginFolder({
    'hooks/ready.js': 'export default async function ready() {}\n',
    'hooks/runtime.js': '  export default async () => {};\n',
  });
  assert.match(createdText(text, 'files.missing', esm.folder, handler), /^export default async \(args, ctx\) => \{\n/);
  const mixed = pluginFolder({
    'hooks/ready.js': 'export default async function ready() {}\n',
    'hooks/runtime.js': 'module.exports = async () => {};\n',
  });
  assert.match(
    createdText(text, 'files.missing', mixed.folder, handler),
    /^'use strict';\n\nmodule\.exports = async \(args, ctx\) => \{\n/,
  );
  // A module that says neither (or is empty) does not count.
  const silent = pluginFolder({
    'hooks/ready.js': 'export default async function ready() {}\n',
    'hooks/runtime.js': '\n',
  });
  assert.match(createdText(text, 'files.missing', silent.folder, handler), /^export default async/);
});

test('command and action-setting handler skeletons take what their examples take', () => {
  const { folder } = pluginFolder({});
  assert.equal(
    createdText(
      manifest('"contributes": { "commands": [{ "id": "wc", "title": "WC", "handler": "commands/wc.js" }] }'),
      'files.missing',
      folder,
    ),
    "'use strict';\n\nmodule.exports = async (args, ctx) => {\n  // Runs when the slash command is used.\n};\n",
  );
  assert.equal(
    createdText(
      manifest(
        '"contributes": { "settings": { "reset": { "type": "action", "title": "Reset", "handler": "settings/reset.js" } } }',
      ),
      'files.missing',
      folder,
    ),
    "'use strict';\n\nmodule.exports = async (ctx) => {\n  // Runs when the setting's button is pressed.\n};\n",
  );
});

const action = (scope: string, params: string) =>
  `{ "id": "tighten", "title": "T", "description": "D", "scope": ${scope}, "prompt": "prompts/tighten.md"${params ? `, "params": ${params}` : ''} }`;

test('a missing prompt is made as a template naming the selection and each param as the examples\u2019 templates do', () => {
  const { folder } = pluginFolder({});
  const params =
    '[{ "id": "tone", "label": "Tone", "type": "select", "options": ["plain"] }, { "id": "audience", "label": "Audience", "type": "text" }]';
  assert.equal(
    createdText(
      manifest(`"contributes": { "actions": [${action('["single-file", "multi-file"]', params)}] }`),
      'files.missing',
      folder,
    ),
    'Read {{file}} and …\n\ntone: {{params.tone}}\naudience: {{params.audience}}\n',
  );
  assert.equal(
    createdText(manifest(`"contributes": { "actions": [${action('"multi-file"', '')}] }`), 'files.missing', folder),
    'Read each of {{files}} and …\n',
  );
  assert.equal(
    createdText(manifest(`"contributes": { "actions": [${action('"folder"', '')}] }`), 'files.missing', folder),
    'Look through the folder {{folder}} and …\n',
  );
  // The manifest's line breaks; a param id that could break the template out is left out.
  const crlf = manifest(
    `"contributes": { "actions": [${action('"single-file"', '[{ "id": "x}} {{y" }, { "id": "n\\nl" }, { "id": "budget" }, 7, null]')}] }`,
  ).replace(/\n/g, '\r\n');
  assert.equal(createdText(crlf, 'files.missing', folder), 'Read {{file}} and …\r\n\r\nbudget: {{params.budget}}\r\n');
});

test('the legacy tool\u2019s one-line parameters are laid out in the new schema file with the manifest\u2019s indentation; several lines keep theirs', () => {
  const oneLine =
    '"parameters": { "type": "object", "required": ["path"], "properties": { "path": { "type": "string", "maximum": 1e999 } } }';
  const text = manifest(
    `"contributes": { "tools": [ { "name": "count", "title": "T", "description": "D", "handler": "./h.js", ${oneLine} } ] }`,
  );
  const laidOut =
    '{\n  "type": "object",\n  "required": [\n    "path"\n  ],\n  "properties": {\n    "path": {\n      "type": "string",\n      "maximum": 1e999\n    }\n  }\n}\n';
  assert.equal(createdText(text, 'tools.legacy-shape'), laidOut, 'numbers as written (1e999 is no Infinity)');
  const tabs = text.replace(/\n {2}/g, '\n\t');
  assert.equal(createdText(tabs, 'tools.legacy-shape'), laidOut.replace(/ {2}/g, '\t'));
  const multiLine = manifest(
    `"contributes": { "tools": [ { "name": "count", "title": "T", "description": "D", "handler": "./h.js",\n      "parameters": {\n        "type": "object", "required": ["path"]\n      } } ] }`,
  );
  assert.equal(createdText(multiLine, 'tools.legacy-shape'), '{\n  "type": "object", "required": ["path"]\n}\n');
});

test('one-line parameters too deep or too large to lay out keep their one line: each level would indent every line below it', () => {
  const legacy = (parameters: string) =>
    manifest(
      `"contributes": { "tools": [ { "name": "count", "title": "T", "description": "D", "handler": "./h.js", "parameters": ${parameters} } ] }`,
    );
  // Fifteen arrays 500 deep, on one line, under the length bound: laid out, some 15 million characters.
  const deep = `{ "type": "object", "x": [${Array.from({ length: 15 }, () => `${'['.repeat(500)}${']'.repeat(500)}`).join(',')}] }`;
  assert.ok(deep.length < 16 * 1024);
  assert.equal(createdText(legacy(deep), 'tools.legacy-shape'), `${deep}\n`);
  const wide = `{ "type": "object", "description": "${'d'.repeat(20_000)}" }`;
  assert.equal(createdText(legacy(wide), 'tools.legacy-shape'), `${wide}\n`);
  // Brackets inside strings are no nesting: laid out.
  const bracketsInText = `{ "description": "${'['.repeat(30)}" }`;
  assert.equal(
    createdText(legacy(bracketsInText), 'tools.legacy-shape'),
    `{\n  "description": "${'['.repeat(30)}"\n}\n`,
  );
});

test('a missing tool schema is made with $schema and the arguments its handler reads, a path passed to ctx.fs a file-path', () => {
  const { folder } = pluginFolder({
    'tools/resize.js':
      'module.exports = async (args, ctx) => {\n  const { width } = args;\n  const image = await ctx.fs.read(args.path);\n  return `${image.length} ${width} ${args.path}`;\n};\n',
  });
  const text = manifest(
    `"permissions": { "fs": { "read": { "parameter": true } } }, "contributes": { "tools": [${toolWith('tools/resize.js')}] }`,
  );
  assert.equal(
    createdText(text, 'files.missing', folder, 'tools/resize.schema.json'),
    '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {\n    "width": {\n      "type": "string"\n    },\n    "path": {\n      "type": "string",\n      "format": "file-path"\n    }\n  }\n}\n',
  );
  // Destructured, then passed on: the same.
  const { folder: destructured } = pluginFolder({
    'tools/resize.js': 'module.exports = async ({ path }, ctx) => ctx.fs.write(path, "x");\n',
  });
  assert.match(
    createdText(text, 'files.missing', destructured, 'tools/resize.schema.json'),
    /"path": \{\n\s+"type": "string",\n\s+"format": "file-path"/,
  );
});

/** The analysis of a resize tool whose handler is `handler` and whose schema file holds `schema`. */
function resizePlugin(schema: string, handler: string, permissions = '{ "fs": { "read": { "parameter": true } } }') {
  const { folder } = pluginFolder({ 'tools/resize.schema.json': schema, 'tools/resize.js': handler });
  const text = manifest(
    `"permissions": ${permissions}, "contributes": { "tools": [${toolWith('./tools/resize.js').replace('"tools/resize.schema.json"', '"./tools/resize.schema.json"')}] }`,
  );
  return analyzeManifest(text, { folder });
}

/** The schema text after the fix's edit of it, made from `current` (the schema as it is when the fix is applied). */
function schemaAfter(proposal: FixProposal, current: string): string | undefined {
  assert.deepEqual(proposal.edits, [], `${proposal.title} leaves the manifest as it is`);
  assert.deepEqual(proposal.newFiles, []);
  const [fileEdit, ...others] = proposal.fileEdits ?? [];
  assert.ok(fileEdit && others.length === 0, `${proposal.title} edits one file`);
  assert.equal(fileEdit.filePath, 'tools/resize.schema.json');
  const edits = fileEdit.editsFor(current);
  return edits && applied(current, edits);
}

const readsPath = 'module.exports = async (args, ctx) => ctx.fs.read(args.path);\n';

test('handlers.unknown-argument: the fix adds the argument to the tool’s schema file, a file path when the handler passes it to ctx.fs', () => {
  const schema =
    '{\n    "type": "object",\n    "properties": {\n        "width": {\n            "type": "integer"\n        }\n    }\n}\n';
  const analysis = resizePlugin(schema, readsPath);
  const [proposal, ...others] = proposals(analysis, 'handlers.unknown-argument');
  assert.equal(others.length, 0);
  assert.equal(proposal.title, 'Add `path` to ./tools/resize.schema.json as a file path ("format": "file-path")');
  assert.equal(proposal.isPreferred, true);
  // Laid out as the file is: four spaces.
  assert.equal(
    schemaAfter(proposal, schema),
    '{\n    "type": "object",\n    "properties": {\n        "width": {\n            "type": "integer"\n        },\n        "path": {\n            "type": "string",\n            "format": "file-path"\n        }\n    }\n}\n',
  );
  // An argument it reads and does not pass to ctx.fs is a string, no path.
  const plain = resizePlugin(schema, 'module.exports = async (args) => `${args.label}`;\n');
  const [label] = proposals(plain, 'handlers.unknown-argument');
  assert.equal(label.title, 'Add `label` to ./tools/resize.schema.json');
  assert.match(schemaAfter(label, schema)!, /"label": \{\n {12}"type": "string"\n {8}\}\n {4}\}\n\}\n$/);
});

test('handlers.unknown-argument: the schema edit is made from the file as it is when applied, laid out as its neighbours', () => {
  const schema = '{ "type": "object", "properties": {} }\n';
  const [proposal] = proposals(resizePlugin(schema, readsPath), 'handlers.unknown-argument');
  // A schema on one line stays on one line.
  assert.equal(
    schemaAfter(proposal, schema),
    '{ "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } }\n',
  );
  // Changed since the fix was offered: the edit follows the text it is applied to.
  assert.equal(
    schemaAfter(proposal, '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object"\n}\n'),
    '{\n  "$schema": "http://json-schema.org/draft-07/schema#",\n  "type": "object",\n  "properties": {\n    "path": {\n      "type": "string",\n      "format": "file-path"\n    }\n  }\n}\n',
  );
  // Properties written one a line, each on one line: the new one too, after a comma.
  assert.equal(
    schemaAfter(proposal, '{\n\t"type": "object",\n\t"properties": {\n\t\t"width": { "type": "integer" }\n\t}\n}\n'),
    '{\n\t"type": "object",\n\t"properties": {\n\t\t"width": { "type": "integer" },\n\t\t"path": { "type": "string", "format": "file-path" }\n\t}\n}\n',
  );
  // Declared since, but not as a path: marked as one; as a path already, or as something else: nothing to edit.
  assert.equal(
    schemaAfter(proposal, '{ "type": "object", "properties": { "path": { "type": "string" } } }'),
    '{ "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } }',
  );
  assert.equal(
    schemaAfter(proposal, '{ "properties": { "path": { "type": "string", "format": "uri" } } }'),
    '{ "properties": { "path": { "type": "string", "format": "file-path" } } }',
  );
  for (const nothing of [
    '{ "properties": { "path": { "type": "string", "format": "directory-path" } } }',
    '{ "properties": { "path": { "type": "number" } } }',
    '{ "properties": { "path": { "$ref": "#/definitions/p" } } }',
    '{ "properties": [] }',
    '[]',
    '{ "properties": { ',
  ])
    assert.equal(schemaAfter(proposal, nothing), undefined, nothing);
});

test('handlers.unknown-argument: a name one typo away from a declared one gets the fix too, not as the preferred one', () => {
  const schema = '{ "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } }';
  const [proposal] = proposals(
    resizePlugin(schema, 'module.exports = (args) => args.pth;\n'),
    'handlers.unknown-argument',
  );
  assert.equal(proposal.title, 'Add `pth` to ./tools/resize.schema.json');
  assert.equal(proposal.isPreferred, undefined);
});

test('permissions.parameter-without-path-property: the fix marks or adds, in the tool’s schema, the argument its handler passes to ctx.fs', () => {
  // Declared without a format: marked as a path.
  const declared = '{\n  "type": "object",\n  "properties": {\n    "image": {\n      "type": "string"\n    }\n  }\n}\n';
  const handler = 'module.exports = async ({ image }, ctx) => ctx.fs.read(image);\n';
  const [mark, ...others] = proposals(resizePlugin(declared, handler), 'permissions.parameter-without-path-property');
  assert.equal(others.length, 0);
  assert.equal(mark.title, 'Mark `image` in ./tools/resize.schema.json as a file path ("format": "file-path")');
  assert.equal(mark.isPreferred, true);
  assert.equal(
    schemaAfter(mark, declared),
    '{\n  "type": "object",\n  "properties": {\n    "image": {\n      "type": "string",\n      "format": "file-path"\n    }\n  }\n}\n',
  );
  // Not declared (handlers.unknown-argument says so in the handler): added, the same edit as that rule's fix.
  const [add] = proposals(
    resizePlugin('{ "type": "object" }', readsPath),
    'permissions.parameter-without-path-property',
  );
  assert.equal(add.title, 'Add `path` to ./tools/resize.schema.json as a file path ("format": "file-path")');
  assert.equal(
    schemaAfter(add, '{ "type": "object" }'),
    '{ "type": "object", "properties": { "path": { "type": "string", "format": "file-path" } } }',
  );
  // A handler that passes no argument to ctx.fs: which property is meant is not known, so no fix.
  assert.deepEqual(
    proposals(
      resizePlugin(declared, "module.exports = async (args, ctx) => ctx.fs.read('${dataDir}/x');\n"),
      'permissions.parameter-without-path-property',
    ),
    [],
  );
});
