// Emacs 28 with Eglot 1.9 (Debian 12's packages) in batch mode, as a real LSP client of the built server,
// with the configuration in docs/editors.md. emacs/driver.el does what a user does and writes what Emacs saw; the
// assertions are here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertRanCleanly,
  clientsRoot,
  editors,
  fsWriteHandler,
  handlerSandbox,
  readResults,
  repositoryRoot,
  runEditor,
  sandbox,
  type EditorRun,
  type Sandbox,
} from './harness';

interface Seen {
  line: number;
  code: string;
  type: string;
  message: string;
}

interface EmacsResults {
  version: string;
  errors: string[];
  questions: string[];
  done?: boolean;
  mode: string;
  server: string;
  opened: Seen[];
  status: { recognized: boolean; errors: number; warnings: number; name?: string; reason: string };
  hover: string;
  permissionsCompletion: string[];
  hooksCompletion: string[];
  statusWithUnknownHook: { recognized: boolean; errors: number; warnings: number; name?: string; reason: string };
  codeActions: string[];
  schemaBuffer: string | null;
  schemaBufferModified: boolean | null;
  manifestAfterFix: string;
  schemaAfterFix: string | null;
  afterFix: Seen[];
}

const expected = (file: string) => readFileSync(join(clientsRoot, 'expected-legacy-fix', file), 'utf8');
const codes = (seen: Seen[]) => seen.map((d) => `${d.line}:${d.code}`);
const legacyFix =
  'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/resize_image.schema.json';

describe('Emacs 28 + Eglot 1.9 (Debian 12)', () => {
  let box: Sandbox;
  let run: EditorRun;
  let results: EmacsResults;

  before(async () => {
    const emacs = (await (await editors()).ensureEmacs()).path;
    box = sandbox('legacy-tools');
    const args = ['--batch', '-l', join(clientsRoot, 'emacs/config.el'), '-l', join(clientsRoot, 'emacs/driver.el')];
    run = await runEditor(emacs, args, box.workspace, { ...box.env, FILER_RESULTS: box.results }, 90_000);
    results = readResults<EmacsResults>(box, run);
  });
  after(() => box?.cleanup());

  test('runs the whole script without an error, and leaves nothing running', () => assertRanCleanly(box, run, results));

  test("the configuration starts the server for manifest.json; Flymake shows the loader's diagnostics", () => {
    assert.equal(results.mode, 'filer-json-mode');
    assert.equal(results.server, 'filer-manifest-language-server');
    assert.deepEqual(codes(results.opened), ['11:tools.legacy-shape', '27:tools.legacy-shape']);
    assert.ok(results.opened.every((d) => d.type === 'eglot-error'));
    assert.match(results.opened[0].message, /`contributes\.tools\[0\]` uses the legacy tool shape/);
    // The example in docs/editors.md of filer/manifestStatus.
    assert.deepEqual(results.status, {
      recognized: true,
      name: 'image-resizer',
      reason: 'has contributes',
      errors: 2,
      warnings: 0,
    });
  });

  test('completion inside permissions and contributes.hooks; the settings reach the server', () => {
    assert.ok(
      ['fetch', 'toast', 'store'].every((key) => results.permissionsCompletion.includes(key)),
      results.permissionsCompletion.join(', '),
    );
    assert.ok(!results.permissionsCompletion.includes('fs'), 'keys already there are not offered');
    assert.ok(
      ['onAgentComplete', 'onToolCall', 'onAppReady'].every((event) => results.hooksCompletion.includes(event)),
      results.hooksCompletion.join(', '),
    );
    assert.deepEqual(results.statusWithUnknownHook, {
      recognized: true,
      reason: 'has contributes',
      name: 'image-resizer',
      errors: 3,
      warnings: 0,
    });
  });

  test('the hover Eldoc shows for a tool gives its approval category', () => {
    // Eglot declares plain-text hovers: the category line, without markdown.
    assert.match(
      results.hover,
      /^Approval category modify \(tool resize_image\): asks depending on the folder's trust level\./,
    );
    assert.doesNotMatch(results.hover, /\*\*|`/);
  });

  test('the legacy fix, applied from eglot-code-actions: the schema opens as a new buffer, saved with the manifest', () => {
    // And the finding's suppression in filer-manifest.config.json (Eglot applies the edit the server asks for).
    assert.deepEqual(results.codeActions, [
      legacyFix,
      'Fix all legacy tools in this file (2)',
      'Suppress tools.legacy-shape in filer-manifest.config.json',
    ]);
    // Eglot asks before editing a file that is not open, here the new one.
    assert.match(
      results.questions.join('\n'),
      /Server wants to edit:\n\s+\S+\/tools\/resize_image\.schema\.json\n\s+\S+\/manifest\.json\n Proceed\?/,
    );
    assert.equal(results.schemaBuffer, expected('tools/resize_image.schema.json'));
    assert.equal(results.schemaBufferModified, true);
    assert.equal(results.manifestAfterFix, expected('manifest.json'));
    assert.equal(results.schemaAfterFix, expected('tools/resize_image.schema.json'));
    assert.ok(!codes(results.afterFix).includes('11:tools.legacy-shape'), codes(results.afterFix).join(', '));
    assert.ok(codes(results.afterFix).includes('20:tools.legacy-shape'), 'the other legacy tool is still reported');
  });

  test('docs/editors.md shows the Emacs configuration this suite runs, word for word (its drivers load helpers.el)', () => {
    const readme = readFileSync(join(repositoryRoot, 'docs/editors.md'), 'utf8');
    assert.ok(
      readme.includes(readFileSync(join(clientsRoot, 'emacs/config.el'), 'utf8').trimEnd()),
      'docs/editors.md does not show test/clients/emacs/config.el',
    );
  });
});

interface ServerSeen {
  name: string;
  modes: string[];
  folder: string;
}

interface Placed extends Seen {
  col: number;
  endLine: number;
  endCol: number;
  text: string;
}

interface Elsewhere {
  mode: string;
  server: ServerSeen | null;
  contact: string[];
  hover?: string;
  diagnostics?: Seen[];
}

interface HandlerResults {
  errors: string[];
  questions: string[];
  done?: boolean;
  mode: string;
  server: ServerSeen;
  opened: Placed[];
  hover: string;
  codeActions: string[];
  manifestBufferModified: boolean | null;
  manifestServer: ServerSeen | null;
  beforeSave: Seen[];
  manifestAfterFix: string;
  afterFix: Seen[];
  besideManifest: Elsewhere;
  outsidePlugin: Elsewhere;
  versioned: { mode: string; server: ServerSeen; diagnostics: Seen[] };
  belowFifo: Elsewhere;
  belowDevZero: Elsewhere;
}

const undeclared = 'handlers.undeclared-permission';

// In a tool handler (issue 26): word-count's manifest without permissions.fs.write, whose write-length-report.js
// calls ctx.fs.write. The finding is in the handler's buffer, and its fix edits manifest.json.
describe('Emacs 28 + Eglot 1.9 (Debian 12), in a tool handler', () => {
  let box: Sandbox;
  let manifestBefore: string;
  let run: EditorRun;
  let results: HandlerResults;

  before(async () => {
    const emacs = (await (await editors()).ensureEmacs()).path;
    ({ box, manifest: manifestBefore } = handlerSandbox());
    // The plugin in a git repository; and the handler's text below a manifest.json that is a FIFO, or a link to
    // /dev/zero.
    cpSync(box.workspace, join(box.root, 'versioned/plugin'), { recursive: true });
    execFileSync('git', ['init', '-q', join(box.root, 'versioned')]);
    for (const folder of ['fifo', 'zero']) {
      mkdirSync(join(box.root, folder, 'tools'), { recursive: true });
      copyFileSync(join(box.workspace, fsWriteHandler), join(box.root, folder, 'tools/report.js'));
    }
    execFileSync('mkfifo', [join(box.root, 'fifo/manifest.json')]);
    symlinkSync('/dev/zero', join(box.root, 'zero/manifest.json'));
    const args = [
      '--batch',
      '-l',
      join(clientsRoot, 'emacs/config.el'),
      '-l',
      join(clientsRoot, 'emacs/handler-driver.el'),
    ];
    run = await runEditor(emacs, args, box.workspace, { ...box.env, FILER_RESULTS: box.results }, 120_000);
    results = readResults<HandlerResults>(box, run);
  });
  after(() => box?.cleanup());

  test('runs the whole script without an error, and leaves nothing running', () => assertRanCleanly(box, run, results));

  test('the handler gets filer-js-mode and this server, for the plugin folder, with the manifest in the same server', () => {
    assert.equal(results.mode, 'filer-js-mode');
    assert.deepEqual(results.server, {
      name: 'filer-manifest-language-server',
      modes: ['filer-js-mode', 'filer-json-mode', 'json-mode'],
      folder: `${box.workspace}/`,
    });
  });

  test('Flymake shows the diagnostic at ctx.fs.write, its exact line and columns', () => {
    const findings = results.opened.filter((d) => d.code === undeclared);
    assert.equal(findings.length, 1, JSON.stringify(results.opened));
    const lines = readFileSync(join(box.workspace, fsWriteHandler), 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes('await ctx.fs.write('));
    const col = lines[line].indexOf('ctx.fs.write');
    assert.deepEqual(
      (({ line, col, endLine, endCol, text, type }) => ({ line, col, endLine, endCol, text, type }))(findings[0]),
      { line, col, endLine: line, endCol: col + 'ctx.fs.write'.length, text: 'ctx.fs.write', type: 'eglot-warning' },
    );
    // Flymake's text, as Eglot 1.9 writes it: the source and the code first.
    assert.equal(
      findings[0].message,
      'filer-manifest [handlers.undeclared-permission]: `ctx.fs.write` needs `permissions.fs.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error.',
    );
  });

  test("the hover Eldoc shows for an argument gives the tool's schema property", () => {
    assert.equal(
      results.hover,
      "reportPath: an argument of the tool's schema (string, format file-path).\n\nWhere to write the Markdown report, e.g. reports/length.md.",
    );
  });

  test("the quick fix edits manifest.json in a buffer (Eglot asks first); C-x s saves it, and the handler's diagnostic is gone", () => {
    assert.ok(
      results.codeActions.some((title) => title.startsWith('Declare `permissions.fs.write`')),
      results.codeActions.join(' | '),
    );
    assert.match(results.questions.join('\n'), /Server wants to edit:\n\s+\S+\/manifest\.json\n Proceed\?/);
    assert.equal(results.manifestBufferModified, true);
    // The same server as the handler's: the unsaved edit clears the handler's diagnostic before the save.
    assert.deepEqual(results.manifestServer, results.server);
    assert.deepEqual(
      results.beforeSave.filter((d) => d.code === undeclared),
      [],
    );
    const expected = JSON.parse(manifestBefore) as { permissions: { fs: Record<string, unknown> } };
    expected.permissions.fs.write = { parameter: true };
    assert.deepEqual(JSON.parse(results.manifestAfterFix), expected);
    assert.deepEqual(
      results.afterFix.filter((d) => d.code === undeclared),
      [],
    );
  });

  test('beside the manifest, a module it does not name gets this server (Eglot 1.9 runs one per buffer) and nothing from it', () => {
    const seen = results.besideManifest;
    assert.equal(seen.mode, 'filer-js-mode');
    assert.deepEqual(seen.server, results.server);
    assert.deepEqual(seen.contact, ['filer-manifest-language-server', '--stdio']);
    assert.equal(seen.hover, '');
    assert.deepEqual(seen.diagnostics, []);
  });

  test('outside any plugin folder, the same module stays in js-mode, for typescript-language-server: not ours', () => {
    const seen = results.outsidePlugin;
    assert.equal(seen.mode, 'js-mode');
    assert.equal(seen.server, null);
    assert.deepEqual(seen.contact, ['typescript-language-server', '--stdio']);
  });

  test('under version control, the repository is the project, and the handler gets its finding there as well', () => {
    const { mode, server, diagnostics } = results.versioned;
    assert.equal(mode, 'filer-js-mode');
    assert.equal(server.folder, `${box.root}/versioned/`);
    assert.deepEqual(
      diagnostics.map((d) => `${d.line}:${d.code}`),
      [`14:${undeclared}`],
    );
  });

  test('below a manifest.json that is a FIFO or links to /dev/zero, the module gets this server, which reads neither and says nothing', () => {
    for (const [seen, folder] of [
      [results.belowFifo, 'fifo'],
      [results.belowDevZero, 'zero'],
    ] as const) {
      assert.equal(seen.mode, 'filer-js-mode', folder);
      assert.equal(seen.server?.folder, `${box.root}/${folder}/`, folder);
      assert.equal(seen.hover, '', folder);
      assert.deepEqual(seen.diagnostics, [], folder);
    }
  });
});
