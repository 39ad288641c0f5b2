// Emacs 28 with Eglot 1.9 (Debian 12's packages) in batch mode, as a real LSP client of the built server,
// with the configuration in docs/editors.md. emacs/driver.el does what a user does and writes what Emacs saw; the
// assertions are here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertRanCleanly,
  clientsRoot,
  editors,
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
    assert.deepEqual(results.codeActions, [legacyFix, 'Fix all legacy tools in this file (2)']);
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

  test('docs/editors.md shows the Emacs configuration this suite runs, word for word', () => {
    const readme = readFileSync(join(repositoryRoot, 'docs/editors.md'), 'utf8');
    assert.ok(
      readme.includes(readFileSync(join(clientsRoot, 'emacs/config.el'), 'utf8').trimEnd()),
      'docs/editors.md does not show test/clients/emacs/config.el',
    );
  });
});
