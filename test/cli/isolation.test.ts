/**
 * One plugin's file can fail only that file: `check`, `check -f sarif` and `gating` on a folder of several plugins,
 * one of whose handlers made the parser throw ("internal error", exit 2, nothing reported for any plugin), report
 * every plugin. And names from a handler reach no output raw.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanManifest, describeRun, runCli, tempTree } from './runCli';

const schema = JSON.stringify({ type: 'object', properties: { path: { type: 'string', format: 'file-path' } } });
const oneTool = (name: string, permissions: string) =>
  cleanManifest(
    name,
    `"permissions": ${permissions},
  "contributes": { "tools": [{ "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "tools/t.schema.json", "handler": "tools/t.js", "annotations": { "readOnlyHint": true } }] }`,
  );
const plugin = (name: string, handler: string, permissions = '{}') => ({
  [`${name}/manifest.json`]: oneTool(name, permissions),
  [`${name}/tools/t.schema.json`]: schema,
  [`${name}/tools/t.js`]: handler,
});

/** Half-typed, with a Windows path: acorn-loose threw "Invalid escape sequence" on it. */
const windowsPath =
  'module.exports = async (args, ctx) => {\n  const dir = "C:\\8bit";\n  return ctx.fs.read(dir\n};\n';
const reads = 'module.exports = async (args, ctx) => ctx.fs.read(args.path);\n';

test('check, check -f sarif and gating on plugins beside one whose handler threw in the parser report every plugin', () => {
  const cwd = tempTree({
    ...plugin('a-first', reads),
    ...plugin('b-windows', windowsPath),
    ...plugin('c-last', reads),
    ...plugin('d-unicode', 'module.exports = async (args, ctx) => {\n  ctx.log("\\u{110000}"\n};\n'),
  });
  const check = runCli(['check', '.'], { cwd });
  assert.equal(check.status, 0, describeRun(check));
  assert.doesNotMatch(check.stderr, /internal error/);
  for (const name of ['a-first', 'b-windows', 'c-last'])
    assert.match(check.stdout, new RegExp(`${name}/tools/t\\.js:\\d+:\\d+ warning handlers\\.undeclared-permission`));
  assert.match(check.stdout, /d-unicode\/tools\/t\.js:\d+:\d+ warning handlers\.undeclared-permission/);

  const sarif = runCli(['check', '-f', 'sarif', '.'], { cwd });
  assert.equal(sarif.status, 0, describeRun(sarif));
  const results = JSON.parse(sarif.stdout).runs[0].results as {
    locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
  }[];
  const files = new Set(
    results
      .map((result) => result.locations[0].physicalLocation.artifactLocation.uri)
      .filter((uri) => uri.endsWith('.js')),
  );
  assert.deepEqual([...files].sort(), [
    'a-first/tools/t.js',
    'b-windows/tools/t.js',
    'c-last/tools/t.js',
    'd-unicode/tools/t.js',
  ]);

  const gating = runCli(['gating', '.'], { cwd });
  assert.equal(gating.status, 0, describeRun(gating));
  for (const name of ['a-first', 'b-windows', 'c-last']) assert.match(gating.stdout, new RegExp(name));
});

test('a handler nesting too deeply for the parser is handlers.not-checked, and its neighbours are checked', () => {
  const cwd = tempTree({
    ...plugin('deep', `module.exports = async (args, ctx) => ctx.fs.read(${'['.repeat(30_000)});\n`),
    ...plugin('fine', reads),
  });
  const check = runCli(['check', '.'], { cwd });
  assert.equal(check.status, 0, describeRun(check));
  assert.match(
    check.stdout,
    /deep\/tools\/t\.js:1:1 information handlers\.not-checked "tools\/t\.js" was not read to its end, so .* It nests too deeply/,
  );
  assert.match(check.stdout, /fine\/tools\/t\.js:1:\d+ warning handlers\.undeclared-permission/);
});

test('an argument name a handler reads is escaped in every format, and SARIF message text makes no link of it', () => {
  const name = '\u001b[2J\r\u202e[x](javascript:alert(1))';
  const handler = `module.exports = async (args, ctx) => args[${JSON.stringify(name)}];\n`;
  const closedSchema = JSON.stringify({
    type: 'object',
    additionalProperties: false,
    properties: { path: { type: 'string', format: 'file-path' } },
  });
  const cwd = tempTree({ ...plugin('p', handler), 'p/tools/t.schema.json': closedSchema });
  const text = runCli(['check', '.'], { cwd });
  assert.match(
    text.stdout,
    /handlers\.unknown-argument "\\u001b\[2J\\r\\u202e\[x\]\(javascript:alert\(1\)\)" is not an argument/,
  );
  const json = runCli(['check', '-f', 'json', '.'], { cwd });
  const message = (JSON.parse(json.stdout) as { diagnostics: { message: string }[] }[])
    .flatMap((file) => file.diagnostics)
    .map((diagnostic) => diagnostic.message)
    .find((found) => found.includes('is not an argument'))!;
  assert.doesNotMatch(message, /[\u001b\r\u202e]/);
  const sarif = runCli(['check', '-f', 'sarif', '.'], { cwd });
  const sarifText = (JSON.parse(sarif.stdout).runs[0].results as { message: { text: string } }[])[0].message.text;
  assert.ok(sarifText.includes('\\[x\\](javascript:alert(1))'), sarifText);
  assert.doesNotMatch(sarifText, /(?<!\\)\[x(?<!\\)\]\(/);
});
