// Helix 25.07.1 (Debian sid's package, extracted) as a real LSP client of the built server, with the
// languages.toml in docs/editors.md, in a terminal that tmux gives it: keys are sent as a user types them and the
// screen is read back. vscode-json-language-server runs beside ours, as the configuration in docs/editors.md has it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { assertNothingLeftRunning, clientsRoot, editors, repositoryRoot, sandbox, type Sandbox } from './harness';

const legacyFix =
  'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/resize_image.schema.json';

describe('Helix 25.07 (Debian sid), in tmux', () => {
  let box: Sandbox;
  let socket: string;
  const tmux = (...args: string[]) =>
    spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8', env: box.env });
  const screen = () => tmux('capture-pane', '-p', '-t', 'hx').stdout;
  const keys = (...sequence: string[]) => tmux('send-keys', '-t', 'hx', ...sequence);
  const type = (text: string) => tmux('send-keys', '-t', 'hx', '-l', text);
  async function waitForScreen(pattern: RegExp, what: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let seen = '';
    while (Date.now() < deadline) {
      seen = screen();
      if (pattern.test(seen)) return seen;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.fail(`Helix did not show ${what} within ${timeoutMs / 1000} s; the screen:\n${seen}`);
  }
  /**
   * Back to normal mode at the first character, then a search that leaves the match selected. The text is typed only
   * once the search prompt shows: typed into normal mode (a picker still closing took the `/` on a loaded machine),
   * its letters are commands (`r` `e` replaced the first line with "e").
   */
  async function select(text: string): Promise<void> {
    keys('Escape');
    await waitForScreen(/ NOR /, 'normal mode');
    keys('g', 'g');
    keys('/');
    await waitForScreen(/^search:/m, 'the search prompt');
    type(text);
    keys('Enter');
  }

  before(async () => {
    const helix = await (await editors()).ensureHelix();
    box = sandbox('legacy-tools');
    socket = `filer-helix-${process.pid}`;
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
    const script = join(box.root, 'helix.sh');
    writeFileSync(
      script,
      `#!/bin/sh\n${exports.join('\n')}\ncd ${JSON.stringify(box.workspace)}\nexec ${[helix.command, ...helix.args, 'manifest.json'].map((part) => JSON.stringify(part)).join(' ')}\n`,
    );
    chmodSync(script, 0o755);
    const started = tmux('new-session', '-d', '-s', 'hx', '-x', '200', '-y', '50', script);
    assert.equal(started.status, 0, `tmux could not start Helix: ${started.stderr}`);
  });

  after(async () => {
    if (!box) return;
    tmux('kill-server');
    await assertNothingLeftRunning(box);
    box.cleanup();
  });

  test("the configuration attaches the server; the diagnostics picker lists the loader's errors", async () => {
    // The status line counts the diagnostics.
    await waitForScreen(/● 2 /, 'two diagnostics in its status line');
    keys('Space', 'd');
    const picker = await waitForScreen(
      /tools\.legacy-shape(.|\n)*tools\.legacy-shape/,
      'both legacy-shape errors in the diagnostics picker',
    );
    assert.match(picker, /filer-manifest\s+tools\.legacy-shape/);
    keys('Escape');
    await waitForScreen(/^(?!(.|\n)*tools\.legacy-shape)/, 'the picker closed');
  });

  test('hover on a tool shows its approval category first', async () => {
    await select('resize_image');
    keys('Space', 'k');
    await waitForScreen(
      /Approval category modify \(tool resize_image\): asks depending on the folder's trust level\./,
      'the hover',
    );
    keys('Escape');
  });

  test('the legacy fix from the code-action menu rewrites the tool and creates its schema file, written with :write-all', async () => {
    await select('name": "resize');
    keys('Space', 'a');
    await waitForScreen(
      new RegExp(legacyFix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      'the legacy fix in the code-action menu',
    );
    keys('Enter');
    await waitForScreen(/● 1 /, 'one diagnostic left once the fix is applied');
    keys(':');
    type('write-all');
    keys('Enter');
    const schemaFile = join(box.workspace, 'tools/resize_image.schema.json');
    const deadline = Date.now() + 15_000;
    while (
      Date.now() < deadline &&
      !(
        existsSync(schemaFile) &&
        readFileSync(join(box.workspace, 'manifest.json'), 'utf8').includes('"id": "resize_image"')
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
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
