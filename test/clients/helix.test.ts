// Helix 25.07.1 (Debian sid's package, extracted) as a real LSP client of the built server, with the
// languages.toml in docs/editors.md, in a terminal that tmux gives it: keys are sent as a user types them and the
// screen is read back. vscode-json-language-server runs beside ours, as the configuration in docs/editors.md has it;
// typescript-language-server, which the configuration keeps first for JavaScript, is not installed here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertNothingLeftRunning,
  clientsRoot,
  editors,
  fsWriteHandler,
  handlerSandbox,
  repositoryRoot,
  sandbox,
  type Sandbox,
} from './harness';

/**
 * A file Helix may be writing: a run saw no file at the path for a moment during :write-all (ENOENT), so a missing file
 * reads as the empty text, which no wait takes for the one it waits for.
 */
function textWhileWritten(filePath: string): string {
  try {
    return readFileSync(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

const legacyFix =
  'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/resize_image.schema.json';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Helix in a tmux server of its own, in a copy of an example plugin, with test/clients/helix/languages.toml. */
interface HelixSession {
  box: Sandbox;
  keys(...sequence: string[]): void;
  waitForScreen(pattern: RegExp, what: string, timeoutMs?: number): Promise<string>;
  /** Escape, and wait until what `shown` matches is gone (a picker, a hover). */
  escape(shown: RegExp, what: string): Promise<void>;
  /** From normal mode, the first match of a search from the top selected. */
  select(text: string): Promise<void>;
  /** A typed command (`write-all`), from normal mode. */
  command(text: string): Promise<void>;
  /** What `hx --health <language>` prints with this configuration, colours taken out. */
  health(language: string): string;
  stop(): Promise<void>;
}

/** Helix started on `file` of the plugin folder of `box`. */
async function startHelix(box: Sandbox, file: string): Promise<HelixSession> {
  const helix = await (await editors()).ensureHelix();
  const socket = `filer-helix-${process.pid}-${box.root.split('/').pop()!}`;
  const config = join(box.env.XDG_CONFIG_HOME!, 'helix');
  mkdirSync(config, { recursive: true });
  copyFileSync(join(clientsRoot, 'helix/languages.toml'), join(config, 'languages.toml'));
  // The JSON language server beside ours, from this repository's devDependencies.
  const bin = join(box.root, 'bin');
  writeFileSync(
    join(bin, 'vscode-json-language-server'),
    `#!/bin/sh\nexec ${JSON.stringify(join(repositoryRoot, 'node_modules/.bin/vscode-json-language-server'))} "$@"\n`,
  );
  chmodSync(join(bin, 'vscode-json-language-server'), 0o755);
  const exports = Object.entries({ ...box.env, ...helix.env }).map(
    ([name, value]) => `export ${name}=${JSON.stringify(value)}`,
  );
  // hx with its arguments, in the plugin folder, in the sandbox's environment.
  const hx = join(box.root, 'hx.sh');
  writeFileSync(
    hx,
    `#!/bin/sh\n${exports.join('\n')}\ncd ${JSON.stringify(box.workspace)}\nexec ${[helix.command, ...helix.args].map((part) => JSON.stringify(part)).join(' ')} "$@"\n`,
  );
  chmodSync(hx, 0o755);

  const tmux = (...args: string[]) =>
    spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: box.env });
  const screen = () => tmux('capture-pane', '-p', '-t', 'hx').stdout;
  const keys = (...sequence: string[]) => void tmux('send-keys', '-t', 'hx', ...sequence);
  /** Text typed as it is, not read as key names. */
  const type = (text: string) => void tmux('send-keys', '-t', 'hx', '-l', text);
  async function waitForScreen(pattern: RegExp, what: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let seen = '';
    while (Date.now() < deadline) {
      seen = screen();
      if (pattern.test(seen)) return seen;
      await pause(250);
    }
    assert.fail(`Helix did not show ${what} within ${timeoutMs / 1000} s; the screen:\n${seen}`);
  }
  const normalMode = () => waitForScreen(/ NOR /, 'normal mode');
  const started = tmux('new-session', '-d', '-s', 'hx', '-x', '200', '-y', '50', hx, file);
  assert.equal(started.status, 0, `tmux could not start Helix: ${started.stderr}`);
  return {
    box,
    keys,
    waitForScreen,
    /**
     * Escape, then wait until what it closes is gone. Helix reads an Escape and the key after it, when both are
     * waiting, as one key (Alt and that key): on a loaded machine an Escape and a `:` sent straight after it opened
     * no prompt. No key is sent after an Escape until its effect shows.
     */
    async escape(shown, what) {
      keys('Escape');
      await waitForScreen(new RegExp(`^(?!(.|\\n)*(${shown.source}))`), `${what} closed`);
    },
    /**
     * In normal mode, the cursor to the first character, then a search that leaves the match selected. The text is
     * typed only once the search prompt shows: typed into normal mode (a picker still closing took the `/` on a loaded
     * machine), its letters are commands (`r` `e` replaced the first line with "e").
     */
    async select(text) {
      await normalMode();
      keys('g', 'g');
      keys('/');
      await waitForScreen(/^search:/m, 'the search prompt');
      type(text);
      keys('Enter');
    },
    async command(text) {
      await normalMode();
      keys(':');
      // The prompt shows the last command until a key is typed.
      await waitForScreen(/^:/m, 'the command prompt');
      type(text);
      keys('Enter');
    },
    health(language) {
      const run = spawnSync(hx, ['--health', language], { encoding: 'utf8', env: box.env });
      return `${run.stdout}${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    },
    async stop() {
      tmux('kill-server');
      await assertNothingLeftRunning(box);
      box.cleanup();
    },
  };
}

describe('Helix 25.07 (Debian sid), in tmux', () => {
  let helix: HelixSession;

  before(async () => {
    helix = await startHelix(sandbox('legacy-tools'), 'manifest.json');
  });

  after(() => helix?.stop());

  test("the configuration attaches the server; the diagnostics picker lists the loader's errors", async () => {
    // The status line counts the diagnostics.
    await helix.waitForScreen(/● 2 /, 'two diagnostics in its status line');
    helix.keys('Space', 'd');
    const picker = await helix.waitForScreen(
      /tools\.legacy-shape(.|\n)*tools\.legacy-shape/,
      'both legacy-shape errors in the diagnostics picker',
    );
    assert.match(picker, /filer-manifest\s+tools\.legacy-shape/);
    await helix.escape(/tools\.legacy-shape/, 'the picker');
  });

  test('hover on a tool shows its approval category first', async () => {
    await helix.select('resize_image');
    helix.keys('Space', 'k');
    const hover = /Approval category modify \(tool resize_image\): asks depending on the folder's trust level\./;
    await helix.waitForScreen(hover, 'the hover');
    await helix.escape(hover, 'the hover');
  });

  test('the legacy fix from the code-action menu rewrites the tool and creates its schema file, written with :write-all', async () => {
    const { box } = helix;
    await helix.select('name": "resize');
    helix.keys('Space', 'a');
    await helix.waitForScreen(new RegExp(escaped(legacyFix)), 'the legacy fix in the code-action menu');
    helix.keys('Enter');
    await helix.waitForScreen(/● 1 /, 'one diagnostic left once the fix is applied');
    await helix.command('write-all');
    const schemaFile = join(box.workspace, 'tools/resize_image.schema.json');
    // The fix creates the schema file empty at once and its text reaches the disk with :write-all, maybe after the
    // manifest's: wait for both texts, not for the file to exist.
    const deadline = Date.now() + 15_000;
    while (
      Date.now() < deadline &&
      !(
        textWhileWritten(schemaFile) !== '' &&
        textWhileWritten(join(box.workspace, 'manifest.json')).includes('"id": "resize_image"')
      )
    ) {
      await pause(250);
    }
    // Written as the fix made them, byte for byte: no formatter ran over them on the way to the disk.
    const golden = (file: string) => readFileSync(join(clientsRoot, 'expected-legacy-fix', file), 'utf8');
    assert.equal(readFileSync(join(box.workspace, 'manifest.json'), 'utf8'), golden('manifest.json'));
    assert.equal(readFileSync(schemaFile, 'utf8'), golden('tools/resize_image.schema.json'));
  });

  test('docs/editors.md shows the Helix configuration this suite runs, word for word', () => {
    const readme = readFileSync(join(repositoryRoot, 'docs/editors.md'), 'utf8');
    assert.ok(
      readme.includes(readFileSync(join(clientsRoot, 'helix/languages.toml'), 'utf8').trimEnd()),
      'docs/editors.md does not show test/clients/helix/languages.toml',
    );
  });
});

// In a tool handler (issue 26): word-count's manifest without permissions.fs.write, whose write-length-report.js
// calls ctx.fs.write. The finding is in the handler's buffer, and its fix edits manifest.json.
describe('Helix 25.07 (Debian sid), in tmux, in a tool handler', () => {
  const message =
    '`ctx.fs.write` needs `permissions.fs.write`, which the manifest does not declare, so calling it throws a "not-declared" permission error.';
  /** The status line of the file open (named by its last segment), with `count` diagnostics (none: no count shown). */
  const statusLine = (file: string, count?: number) =>
    new RegExp(`^ NOR [^\\n]*${escaped(file.split('/').pop()!)} +${count ? `● ${count} +` : ''}1 sel `, 'm');
  let helix: HelixSession;
  let manifestBefore: string;

  before(async () => {
    const prepared = handlerSandbox();
    manifestBefore = prepared.manifest;
    helix = await startHelix(prepared.box, fsWriteHandler);
  });

  after(() => helix?.stop());

  test('hx --health javascript: our server is found and typescript-language-server is not (it is not installed here)', () => {
    const health = helix.health('javascript');
    assert.match(health, /typescript-language-server: 'typescript-language-server' not found in \$PATH/, health);
    assert.match(health, /filer-manifest: \/\S+\/bin\/filer-manifest-language-server$/m, health);
  });

  test('Helix starts our server all the same: the status line counts the diagnostic, and ]d selects ctx.fs.write', async () => {
    await helix.waitForScreen(statusLine(fsWriteHandler, 1), "the handler's diagnostic counted in the status line");
    // ]d selects the next diagnostic's range; the command line prints it, with where it starts and ends.
    helix.keys('g', 'g', ']', 'd');
    await helix.command('echo "[%{selection}] line %{selection_line_start}, last column %{cursor_column}"');
    const seen = await helix.waitForScreen(/^\[.*\] line \d+, last column \d+\s*$/m, 'the selected range');
    const lines = readFileSync(join(helix.box.workspace, fsWriteHandler), 'utf8').split('\n');
    const line = lines.findIndex((text) => text.includes('await ctx.fs.write('));
    const lastColumn = lines[line].indexOf('ctx.fs.write') + 'ctx.fs.write'.length;
    assert.match(seen, new RegExp(`^\\[ctx\\.fs\\.write\\] line ${line + 1}, last column ${lastColumn}\\s*$`, 'm'));
    // With the cursor on its line, Helix writes the message under it.
    assert.ok(seen.includes(message), seen);
  });

  test('the diagnostics picker lists handlers.undeclared-permission', async () => {
    helix.keys('Space', 'd');
    await helix.waitForScreen(
      /WARN\s+filer-manifest\s+handlers\.undeclared-permission\s+`ctx\.fs\.write` needs/,
      'the finding in the diagnostics picker',
    );
    await helix.escape(/handlers\.undeclared-permission/, 'the picker');
  });

  test("hover on an argument shows the tool's schema property", async () => {
    await helix.select('reportPath');
    helix.keys('Space', 'k');
    await helix.waitForScreen(
      /reportPath: an argument of the tool's schema \(string, format file-path\)\.(.|\n)*Where to write the Markdown report, e\.g\. reports\/length\.md\./,
      'the hover',
    );
    await helix.escape(/an argument of the tool's schema/, 'the hover');
  });

  test("the code action declares the permission in manifest.json; :write-all writes it, and the handler's diagnostic is gone", async () => {
    const { box } = helix;
    await helix.select('ctx.fs.write');
    helix.keys('Space', 'a');
    await helix.waitForScreen(
      /Declare `permissions\.fs\.write` with "parameter": true \(the path comes from the tool’s arguments\)/,
      'the permission fix in the code-action menu',
    );
    helix.keys('Enter');
    // The edit lands in a buffer of manifest.json, which the server reads as the editor has it: not yet on disk.
    await helix.waitForScreen(statusLine(fsWriteHandler), 'no diagnostic left in the handler once the fix is applied');
    assert.equal(readFileSync(join(box.workspace, 'manifest.json'), 'utf8'), manifestBefore);
    await helix.command('write-all');
    const manifestPath = join(box.workspace, 'manifest.json');
    // Read once Helix has written it whole (the file is empty for a moment while it does).
    const written = () => {
      const text = textWhileWritten(manifestPath);
      try {
        return text !== manifestBefore ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        return undefined;
      }
    };
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && written() === undefined) await pause(250);
    const expected = JSON.parse(manifestBefore) as { permissions: { fs: Record<string, unknown> } };
    expected.permissions.fs.write = { parameter: true };
    assert.deepEqual(written(), expected);
    // A list cleared while the next one is on its way would look the same: what the screen shows a while later counts.
    await pause(2000);
    await helix.waitForScreen(statusLine(fsWriteHandler), 'still no diagnostic in the handler after :write-all', 1000);
  });

  for (const [file, where] of [
    ['lib/report-copy.js', 'beside the manifest (which does not name it)'],
    ['../elsewhere/report.js', 'outside any plugin folder'],
  ])
    test(`the same module ${where} gets nothing from us: no diagnostic, hover or code action`, async () => {
      await helix.command(`open ${file}`);
      await helix.waitForScreen(statusLine(file), `${file} open`);
      await helix.select('reportPath');
      helix.keys('Space', 'k');
      await helix.waitForScreen(/^No hover results available\.\s*$/m, 'no hover');
      await helix.select('ctx.fs.write');
      helix.keys('Space', 'a');
      await helix.waitForScreen(/^No code actions available\s*$/m, 'no code action');
      // No diagnostic either, once the server has answered both (test/lsp/handlerDiagnostics.test.ts holds the empty
      // report itself).
      await helix.waitForScreen(statusLine(file), `still no diagnostic in ${file}`, 1000);
    });
});
