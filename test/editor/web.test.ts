import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { analyzeManifest, computeContextMenu, gatingReport } from '../../server/src/engine';
import { openBrowser, type EditorBrowser } from './harness/browser';
import { startCodeServer, type CodeServer } from './harness/codeServer';
import { makeWorkspace, repoRoot } from './harness/paths';
import { Workbench } from './harness/workbench';

/**
 * The extension on the web: the packaged .vsix installed browser-only (its `main` taken out, so code-server runs it in
 * the browser's web-worker extension host, as vscode.dev and github.dev do), driven through Chromium. The client
 * starts the server in a Web Worker (from a blob: URL: code-server refuses a Worker from a remote extension's URL),
 * which reads the workspace through the client's `workspace.fs`. The checks: a squiggle in a manifest and in a handler,
 * the hover with the approval category, the legacy quick fix, completion, and the preview panel; and no language
 * server process in Node.
 */

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const vsix = process.env.FILER_VSIX ?? join(repoRoot, `${packageJson.name}-${packageJson.version}.vsix`);

let workspace: ReturnType<typeof makeWorkspace>;
let server: CodeServer;
let editor: EditorBrowser;
let workbench: Workbench;

before(async () => {
  assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package first (npm run test:editor does)`);
  workspace = makeWorkspace('web');
  server = await startCodeServer({ name: 'web', vsix, browserOnly: true });
  editor = await openBrowser({ width: 1600, height: 1000 });
  workbench = new Workbench(editor.page);
  const first = join(workspace.path, 'examples', 'broken-everything', 'manifest.json');
  await editor.page.goto(server.url(workspace.path, [['openFile', server.remoteUri(first)]]));
  await workbench.waitForLoaded();
});

after(async () => {
  await editor?.close();
  await server?.stop();
  workspace?.dispose();
});

async function showing(name: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    await workbench.screenshot(`failed-web-${name}`).catch(() => undefined);
    throw error;
  }
}

test(
  'a squiggle in examples/broken-everything/manifest.json, from the server in the Web Worker',
  { timeout: 120_000 },
  () =>
    showing('manifest', async () => {
      await workbench.activeEditor().locator('.squiggly-error').first().waitFor({ timeout: 90_000 });
      // No language server in Node: the extension ran in the browser.
      const nodeServers = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(server.logFile.replace(/\.log$/, '')) || line.includes('dist/server.js'))
        .filter((line) => line.includes('filer-web-'));
      assert.deepEqual(nodeServers, [], 'no dist/server.js started by this code-server');
      await workbench.screenshot('web-manifest-squiggle');
    }),
);

test('a squiggle in a handler file the manifest names', { timeout: 90_000 }, () =>
  showing('handler', async () => {
    await workbench.openFile('examples/broken-everything/tools/fetch-notes.js', 'ctx');
    const squiggle = workbench.activeEditor().locator('.squiggly-error, .squiggly-warning').first();
    await squiggle.waitFor({ timeout: 60_000 });
    await workbench.screenshot('web-handler-squiggle');
  }),
);

test('hover on a tool shows its approval category', { timeout: 90_000 }, () =>
  showing('hover', async () => {
    await workbench.openFile('fixtures/gated/manifest.json', 'post_status');
    const hover = await workbench.hoverText('post_status', /external/);
    assert.match(hover, /permissions\.fetch/);
    await editor.page.mouse.move(0, 0);
  }),
);

test('the legacy quick fix makes the tool its new shape and opens its new schema', { timeout: 150_000 }, () =>
  showing('legacy-fix', async () => {
    await workbench.openFile('fixtures/legacy/manifest.json', 'resize_image');
    const squiggle = workbench.activeEditor().locator('.squiggly-error').first();
    await squiggle.waitFor({ timeout: 60_000 });
    const box = await squiggle.boundingBox();
    assert.ok(box, 'the squiggle is on screen');
    const fixRow = editor.page.locator('.action-widget .monaco-list-row', { hasText: /schema/i }).first();
    for (let attempt = 0; attempt < 3; attempt++) {
      await editor.page.mouse.click(box.x + Math.min(box.width / 2, 20), box.y + box.height / 2);
      await editor.page.keyboard.press('Control+.');
      try {
        await fixRow.waitFor({ timeout: 8_000 });
        break;
      } catch {
        await editor.page.keyboard.press('Escape');
      }
    }
    await fixRow.click();
    // The new schema opens beside, and the manifest names the tool by id.
    await editor.page.locator('.tab', { hasText: 'resize_image.schema.json' }).first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('web-legacy-fix');
  }),
);

test('completion lists the permission keys', { timeout: 90_000 }, () =>
  showing('completion', async () => {
    await workbench.openFile('fixtures/completion/manifest.json', 'completion-sample');
    const permissions = workbench.activeEditor().locator('.view-line', { hasText: '"permissions": {' });
    const line = await permissions.boundingBox();
    assert.ok(line, 'the permissions line is on screen');
    await editor.page.mouse.click(line.x + 40, line.y + line.height * 1.5);
    const rows = editor.page.locator('.suggest-widget .monaco-list-row');
    let labels: string[] = [];
    for (let attempt = 0; attempt < 3 && !labels.includes('fetch'); attempt++) {
      await editor.page.keyboard.press('Control+Space');
      try {
        await rows.filter({ hasText: 'fetch' }).first().waitFor({ timeout: 10_000 });
      } catch {
        await editor.page.keyboard.press('Escape');
        continue;
      }
      labels = (await editor.page.locator('.suggest-widget .monaco-list-row .label-name').allInnerTexts()).map(
        (label) => label.replace(/^"|"$/g, '').trim(),
      );
    }
    for (const key of ['fs', 'fetch', 'store'])
      assert.ok(labels.includes(key), `${key} is in the completion list (got ${labels.join(', ')})`);
    await editor.page.keyboard.press('Escape');
  }),
);

test('the preview panel lists the entries and its Gating tab the tools', { timeout: 120_000 }, () =>
  showing('preview', async () => {
    const manifestText = readFileSync(join(workspace.path, 'examples', 'word-count', 'manifest.json'), 'utf8');
    const analysis = analyzeManifest(manifestText);
    await workbench.openFile('examples/word-count/manifest.json', 'word-count');
    await workbench.runCommand('Filer: Preview Context Menu');
    const view = workbench.webview();
    // The entries for the preview's first selection, as the engine computes them.
    const titles = view.locator('#entries .entry-title');
    await titles.first().waitFor({ timeout: 30_000 });
    const expected = computeContextMenu(analysis.model, { kind: 'file', names: ['report.md'] });
    assert.deepEqual(
      await titles.allInnerTexts(),
      expected.entries.map((entry) => entry.title),
    );
    // The Gating tab: one row per tool, in the engine's order.
    await view.locator('#tab-gating').click();
    const report = gatingReport(analysis.model, analysis.diagnostics);
    const rows = view.locator('#gating-tools tr');
    await rows.nth(report.tools.length - 1).waitFor({ timeout: 15_000 });
    assert.equal(await rows.count(), report.tools.length);
    for (const [index, tool] of report.tools.entries())
      assert.equal(await rows.nth(index).getAttribute('data-tool-id'), tool.id);
    await workbench.screenshot('web-preview-gating');
    assert.deepEqual(editor.blocked, [], 'no request left loopback');
  }),
);
