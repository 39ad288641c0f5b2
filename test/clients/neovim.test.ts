// Neovim, headless, as a real LSP client of the built server, with the configuration in docs/editors.md for each
// version: 0.7 (Debian 12's package, vim.lsp.start_client), 0.10 (Debian 13's, vim.lsp.start) and 0.12
// (Debian sid's, vim.lsp.config), the last two downloaded from Debian's archive into the cache.
// neovim/driver.lua does what a user does and writes what Neovim saw; the assertions are here.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertRanCleanly,
  clientsRoot,
  editors,
  handlerSandbox,
  readResults,
  repositoryRoot,
  runEditor,
  sandbox,
  type EditorRun,
  type Editors,
  type NeovimCommand,
  type Sandbox,
} from './harness';

interface Seen {
  code: string;
  line: number;
  severity: number;
  message: string;
}

interface NeovimResults {
  version: string;
  errors: string[];
  messages: string[];
  done?: boolean;
  filetype: string;
  clientName: string;
  opened: Seen[];
  hover: { kind: string; value: string } | null;
  permissionsCompletion: string[];
  hooksCompletion: string[];
  statusWithUnknownHook: { recognized: boolean; errors: number; warnings: number; name?: string };
  codeActions: string[];
  manifestAfterFix: string | null;
  schemaAfterFix: string | null;
  afterFix: Seen[];
  afterEdit: Seen[];
  afterSchemaEdit: Seen[];
  afterSchemaClosed: Seen[];
  contextMenu: {
    pluginName: string;
    entries: {
      source: string;
      id: string;
      kind: string;
      tool: { id: string; found: boolean; category: string };
      dialog: { controls: { id: string; type: string; default: string }[] };
    }[];
    excluded: unknown[];
  };
  reloads: Seen[][];
}

const example = join(repositoryRoot, 'examples/legacy-tools');
const original = readFileSync(join(example, 'manifest.json'), 'utf8');
const golden = (file: string) => readFileSync(join(clientsRoot, 'expected-legacy-fix', file), 'utf8');
const codes = (seen: Seen[]) => seen.map((d) => `${d.line}:${d.code}`);

interface Run {
  name: string;
  config: string;
  neovim: (editors: Editors) => Promise<NeovimCommand>;
  /** Whether CreateFile makes the new file's folder (0.7 does not: docs/editors.md says to make it first). */
  makesFolders: boolean;
  /** Whether the second reload's diagnostics are checked. */
  secondReload: boolean;
}

const runs: Run[] = [
  {
    name: 'Neovim 0.7 (Debian 12), vim.lsp.start_client',
    config: 'config-0.7.lua',
    neovim: async (found) => {
      const { path, version } = await found.ensureNeovim();
      return { command: path, args: [], env: {}, version };
    },
    makesFolders: false,
    secondReload: true,
  },
  {
    name: 'Neovim 0.10 (Debian 13), vim.lsp.start',
    config: 'config-0.10.lua',
    neovim: (found) => found.ensureNeovimFromSuite('trixie'),
    makesFolders: true,
    secondReload: true,
  },
  {
    name: 'Neovim 0.12 (Debian sid), vim.lsp.config',
    config: 'config-0.11.lua',
    neovim: (found) => found.ensureNeovimFromSuite('sid'),
    makesFolders: true,
    // Neovim 0.12 pulls diagnostics and keeps previousResultId across :edit: the server's result ids must
    // never repeat across a close and reopen, or it would answer "unchanged" to an empty buffer.
    secondReload: true,
  },
];

for (const { name, config, neovim, makesFolders, secondReload } of runs) {
  describe(name, () => {
    let box: Sandbox;
    let run: EditorRun;
    let results: NeovimResults;

    before(async () => {
      const editor = await neovim(await editors());
      box = sandbox('legacy-tools');
      const reloads = [original.replace('"name": "image-resizer"', '"name": "Image Resizer"'), original];
      const env = {
        ...box.env,
        ...editor.env,
        FILER_RESULTS: box.results,
        FILER_RELOAD_TEXTS: JSON.stringify(reloads),
        FILER_MAKE_TOOLS_FOLDER: makesFolders ? '0' : '1',
      };
      const args = [
        ...editor.args,
        '--headless',
        '-n',
        '-i',
        'NONE',
        '-u',
        join(clientsRoot, 'neovim', config),
        '-c',
        `luafile ${join(clientsRoot, 'neovim/driver.lua')}`,
        '-c',
        'qall!',
      ];
      run = await runEditor(editor.command, args, box.workspace, env, 90_000);
      results = readResults<NeovimResults>(box, run);
    });
    after(() => box?.cleanup());

    test('runs the whole script without an error, and leaves nothing running', () =>
      assertRanCleanly(box, run, results));

    test("the configuration attaches the server to the JSON buffer, which gets the loader's diagnostics", () => {
      assert.equal(results.filetype, 'json');
      assert.equal(results.clientName, 'filer_manifest');
      assert.deepEqual(codes(results.opened), ['11:tools.legacy-shape', '27:tools.legacy-shape']);
      assert.ok(results.opened.every((d) => d.severity === 1));
    });

    test('completion inside permissions and contributes.hooks; the settings reach the server', () => {
      assert.ok(
        ['fetch', 'toast', 'store'].every((key) => results.permissionsCompletion.includes(key)),
        results.permissionsCompletion.join(', '),
      );
      assert.ok(
        !results.permissionsCompletion.includes('fs') && !results.permissionsCompletion.includes('log'),
        'keys already there are not offered',
      );
      assert.ok(
        ['onAgentComplete', 'onToolCall', 'onAppReady'].every((event) => results.hooksCompletion.includes(event)),
        results.hooksCompletion.join(', '),
      );
      // hooks.unknown-event is off in the configuration: the unknown event typed is no warning.
      assert.deepEqual(results.statusWithUnknownHook, {
        recognized: true,
        reason: 'has contributes',
        name: 'image-resizer',
        errors: 3,
        warnings: 0,
      });
    });

    test('hover on a tool shows its approval category', () => {
      assert.equal(results.hover?.kind, 'markdown');
      // Only what could be markup is escaped: Neovim 0.12 shows every backslash.
      assert.match(
        results.hover!.value,
        /^Approval category \*\*modify\*\* \(tool `resize_image`\): asks depending on the folder's trust level\./,
      );
    });

    test('the legacy fix is offered and applied; :wall writes the manifest and the new schema file', () => {
      assert.deepEqual(results.codeActions, [
        'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/resize_image.schema.json',
        'Fix all legacy tools in this file (2)',
        // Neovim applies the edit the server asks for: the finding's suppression in the config file is offered too.
        'Suppress tools.legacy-shape in filer-manifest.config.json',
      ]);
      assert.equal(results.manifestAfterFix, golden('manifest.json'));
      // Neovim opens the new file as a buffer of one empty line and inserts before it: one more line break at the end.
      assert.equal(results.schemaAfterFix, golden('tools/resize_image.schema.json') + '\n');
      assert.ok(!codes(results.afterFix).includes('11:tools.legacy-shape'), codes(results.afterFix).join(', '));
      assert.ok(codes(results.afterFix).includes('20:tools.legacy-shape'), 'the other legacy tool is still reported');
    });

    test('after the next edit of the manifest, nothing is reported missing', () => {
      assert.deepEqual(codes(results.afterEdit), ['20:tools.legacy-shape']);
    });

    test("an unsaved edit of the schema reaches the manifest's diagnostics, and :bd! of the schema takes it back", () => {
      assert.deepEqual(codes(results.afterSchemaEdit), ['14:tools.schema-not-json', '20:tools.legacy-shape']);
      assert.deepEqual(codes(results.afterSchemaClosed), ['20:tools.legacy-shape']);
    });

    test('filer/contextMenu, the example in docs/editors.md: the menu for one selected PNG file', () => {
      const menu = results.contextMenu;
      assert.equal(menu.pluginName, 'Image Resizer');
      assert.deepEqual(
        menu.entries.map((entry) => [
          entry.source,
          entry.id,
          entry.kind,
          entry.tool.id,
          entry.tool.found,
          entry.tool.category,
        ]),
        [
          ['action', 'resize-image', 'tool', 'resize_image', true, 'modify'],
          ['tool', 'resize_image', 'tool', 'resize_image', true, 'modify'],
        ],
      );
      assert.deepEqual(
        menu.entries[0].dialog.controls.map((control) => [control.id, control.type, control.default]),
        [['width', 'select', '1280']],
      );
      assert.deepEqual(menu.excluded, []);
    });

    test("after the file changes on disk, :edit shows the new text's diagnostics", () => {
      assert.deepEqual(codes(results.reloads[0]), [
        '1:manifest.name',
        '11:tools.legacy-shape',
        '27:tools.legacy-shape',
      ]);
    });

    if (secondReload) {
      test("a second reload, with no edit in between, shows the new text's diagnostics too", () => {
        assert.deepEqual(codes(results.reloads[1]), ['11:tools.legacy-shape', '27:tools.legacy-shape']);
      });
    }
  });
}

interface HandlerResults {
  errors: string[];
  messages: string[];
  done?: boolean;
  filetype: string;
  clientName: string;
  opened: (Seen & { col: number; endCol: number })[];
  memberLine: string;
  codeActions: string[];
  manifestChanged: boolean;
  manifestAfterFix: string | null;
  afterFix: Seen[];
}

const undeclared = 'handlers.undeclared-permission';

// In a tool handler (issue 26): word-count's manifest without permissions.fs.write, whose write-length-report.js
// calls ctx.fs.write. The finding is in the handler's buffer, and its fix edits manifest.json.
for (const { name, config, neovim } of runs.filter((run) => run.config !== 'config-0.7.lua')) {
  describe(`${name}, in a tool handler`, () => {
    let box: Sandbox;
    let run: EditorRun;
    let results: HandlerResults;

    before(async () => {
      const editor = await neovim(await editors());
      ({ box } = handlerSandbox());
      const env = { ...box.env, ...editor.env, FILER_RESULTS: box.results };
      const args = [
        ...editor.args,
        '--headless',
        '-n',
        '-i',
        'NONE',
        '-u',
        join(clientsRoot, 'neovim', config),
        '-c',
        `luafile ${join(clientsRoot, 'neovim/handler-driver.lua')}`,
        '-c',
        'qall!',
      ];
      run = await runEditor(editor.command, args, box.workspace, env, 90_000);
      results = readResults<HandlerResults>(box, run);
    });
    after(() => box?.cleanup());

    test('runs the whole script without an error, and leaves nothing running', () =>
      assertRanCleanly(box, run, results));

    test('the configuration attaches the server to the JavaScript buffer, whose diagnostic is at the member', () => {
      assert.equal(results.filetype, 'javascript');
      assert.equal(results.clientName, 'filer_manifest');
      const findings = results.opened.filter((d) => d.code === undeclared);
      assert.equal(findings.length, 1, JSON.stringify(results.opened));
      const [finding] = findings;
      assert.equal(results.memberLine.slice(finding.col, finding.endCol), 'ctx.fs.write');
      assert.equal(finding.line, 14);
      assert.equal(
        finding.message,
        '`ctx.fs.write` needs `permissions.fs.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error.',
      );
    });

    test("the quick fix declares the permission in manifest.json; after :wall the handler's diagnostic is gone", () => {
      assert.ok(
        results.codeActions.some((title) => title.startsWith('Declare `permissions.fs.write`')),
        results.codeActions.join(' | '),
      );
      assert.equal(results.manifestChanged, true);
      const permissions = (JSON.parse(results.manifestAfterFix!) as { permissions: { fs: Record<string, unknown> } })
        .permissions;
      assert.deepEqual(permissions.fs.write, { parameter: true });
      assert.deepEqual(
        results.afterFix.filter((d) => d.code === undeclared),
        [],
      );
    });
  });
}

test('docs/editors.md shows each Neovim configuration this suite runs, word for word', () => {
  const readme = readFileSync(join(repositoryRoot, 'docs/editors.md'), 'utf8');
  for (const { config } of runs) {
    const file = join(clientsRoot, 'neovim', config);
    assert.ok(existsSync(file));
    assert.ok(
      readme.includes(readFileSync(file, 'utf8').trimEnd()),
      `docs/editors.md does not show ${config} as tested`,
    );
  }
});
