import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanManifest, runCli, tempTree } from './runCli';

/**
 * Issue 26's cases through `filer-manifest check`: each handler finding at the handler's own file and line, in every
 * format.
 */

const schema = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: { path: { type: 'string', format: 'file-path' } },
});
const tool = (id: string, handler: string) =>
  `{ "id": "${id}", "title": "T", "description": "D", "schema": "tools/t.schema.json", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;
const handlers: Record<string, string> = {
  // 1. destructured, 2. ctx named otherwise, 3. only in a comment and a string.
  'tools/destructured.js':
    'module.exports = async (args, ctx) => {\n  const { fs, toast } = ctx;\n  await fs.write(args.path, "s");\n};\n',
  'tools/renamed.js': "module.exports = async (args, context) => context.log.info('x');\n",
  'tools/comments.js': "// TODO: ctx.toast(...) later\nmodule.exports = async (args, ctx) => 'ctx.store';\n",
  // 5. a misspelt argument, 6. an image without mimeType.
  'tools/typo.js': 'module.exports = async (args) => args.pth;\n',
  'tools/envelope.js': "module.exports = async () => ({ content: [{ type: 'image', data: 'iVBORw0KGgo=' }] });\n",
  // 4. a hook reading through ctx.fs under a parameter-only grant.
  'hooks/changed.js': 'module.exports = async (event, ctx) => ctx.fs.read(event.path);\n',
  'tools/t.schema.json': schema,
};
const contributes = `"contributes": { "tools": [${Object.keys(handlers)
  .filter((file) => file.startsWith('tools/') && file.endsWith('.js'))
  .map((file, index) => tool(`t${index}`, file))
  .join(', ')}], "hooks": { "onFileChangeNotify": "hooks/changed.js" } }`;
const root = (permissions: string) =>
  tempTree({
    'plugin/manifest.json': cleanManifest('fixture-plugin', `"permissions": ${permissions},\n  ${contributes}`),
    ...Object.fromEntries(Object.entries(handlers).map(([file, text]) => [`plugin/${file}`, text])),
  });

const expectedText = [
  'plugin/hooks/changed.js:1:40 warning handlers.parameter-grants-nothing',
  'plugin/tools/destructured.js:3:9 warning handlers.undeclared-permission',
  'plugin/tools/envelope.js:1:51 warning handlers.malformed-envelope',
  'plugin/tools/renamed.js:1:43 warning handlers.undeclared-permission',
  'plugin/tools/typo.js:1:39 warning handlers.unknown-argument',
];

test('text: each finding at the handler\u2019s file:line:col, after the manifest\u2019s own', () => {
  const run = runCli(['check', 'plugin'], { cwd: root('{ "fs": { "read": { "parameter": true } } }') });
  const lines = run.stdout.trim().split('\n');
  assert.deepEqual(
    lines
      .filter((line) => !line.startsWith('plugin/manifest.json') && !line.startsWith('Checked'))
      .map((line) => line.split(' ').slice(0, 3).join(' ')),
    expectedText,
  );
  assert.ok(
    lines.some((line) =>
      line.includes(
        'tools/renamed.js:1:43 warning handlers.undeclared-permission `context.log` needs `permissions.log`, which the manifest does not declare, so `context.log` silently does nothing.',
      ),
    ),
  );
  // The manifest keeps its summaries at the handler paths; nothing for the comment and the string.
  assert.ok(
    lines.some(
      (line) =>
        line.startsWith('plugin/manifest.json:') &&
        line.includes('permissions.undeclared-use "tools/renamed.js" uses `context.log`'),
    ),
  );
  assert.ok(!run.stdout.includes('comments.js'), run.stdout);
  assert.equal(run.status, 0, 'warnings only');
});

test('the correct counterparts: every permission declared, the hook given a static pattern: only the typo and the envelope remain', () => {
  const run = runCli(['check', 'plugin'], {
    cwd: root(
      '{ "fs": { "read": { "parameter": true, "static": ["${dataDir}/**"] }, "write": { "parameter": true } }, "log": true }',
    ),
  });
  assert.deepEqual(
    run.stdout
      .trim()
      .split('\n')
      .filter((line) => line.includes('.js:'))
      .map((line) => line.split(' ').slice(0, 3).join(' ')),
    [
      'plugin/tools/envelope.js:1:51 warning handlers.malformed-envelope',
      'plugin/tools/typo.js:1:39 warning handlers.unknown-argument',
    ],
  );
});

test('json: one entry per handler with findings, naming its manifest, 0-based ranges in the handler', () => {
  const run = runCli(['check', '--format', 'json', 'plugin'], {
    cwd: root('{ "fs": { "read": { "parameter": true } } }'),
  });
  const output = JSON.parse(run.stdout) as {
    file: string;
    manifest?: string;
    diagnostics: { code: string; range: { start: { line: number; character: number } } }[];
  }[];
  assert.equal(output[0].file, 'plugin/manifest.json');
  const handlerEntries = output
    .slice(1)
    .map((entry) => [
      entry.file,
      entry.manifest,
      entry.diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.character}`),
    ]);
  assert.deepEqual(handlerEntries, [
    ['plugin/hooks/changed.js', 'plugin/manifest.json', ['handlers.parameter-grants-nothing 0:39']],
    ['plugin/tools/destructured.js', 'plugin/manifest.json', ['handlers.undeclared-permission 2:8']],
    ['plugin/tools/envelope.js', 'plugin/manifest.json', ['handlers.malformed-envelope 0:50']],
    ['plugin/tools/renamed.js', 'plugin/manifest.json', ['handlers.undeclared-permission 0:42']],
    ['plugin/tools/typo.js', 'plugin/manifest.json', ['handlers.unknown-argument 0:38']],
  ]);
});

test('sarif: each result located in the handler, relative to %SRCROOT%', () => {
  const run = runCli(['check', '--format', 'sarif', 'plugin'], {
    cwd: root('{ "fs": { "read": { "parameter": true } } }'),
  });
  const [sarifRun] = JSON.parse(run.stdout).runs;
  const inHandlers = (
    sarifRun.results as {
      ruleId: string;
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string };
          region: { startLine: number; startColumn: number };
        };
      }[];
    }[]
  )
    .map((result) => ({ result, location: result.locations[0].physicalLocation }))
    .filter(({ location }) => location.artifactLocation.uri.endsWith('.js'))
    .map(
      ({ result, location }) =>
        `${location.artifactLocation.uriBaseId} ${location.artifactLocation.uri}:${location.region.startLine}:${location.region.startColumn} ${result.ruleId}`,
    );
  assert.deepEqual(
    inHandlers,
    expectedText.map((line) => `%SRCROOT% ${line.replace(' warning', '')}`),
  );
});
