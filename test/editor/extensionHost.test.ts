import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { openBrowser } from './harness/browser';
import { startCodeServer } from './harness/codeServer';
import { makeWorkspace, repoRoot } from './harness/paths';
import type { SuiteResult } from './suite/index';

const suiteTimeoutMs = 240_000;

/**
 * The mocha suite in test/editor/suite/, inside code-server's Node extension host (the host desktop
 * VS Code runs extensions in), loaded from the repository as a development extension through the
 * smoke-test driver's startup payload. The workbench reports the suite's exit code to the page.
 */
test(
  'extension-host suite (mocha, real vscode API) under code-server',
  { timeout: suiteTimeoutMs + 90_000 },
  async (t) => {
    const workspace = makeWorkspace('exthost');
    const resultsFile = join(repoRoot, 'test-results', 'extension-host-results.json');
    rmSync(resultsFile, { force: true });
    const server = await startCodeServer({ name: 'exthost', smokeTestDriver: true });
    const editor = await openBrowser();
    t.after(async () => {
      await editor.close();
      await server.stop();
      workspace.dispose();
    });

    const exitCode = new Promise<number>(
      (resolve) => void editor.page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)),
    );
    const started = Date.now();
    await editor.page.goto(
      server.url(workspace.path, [
        ['extensionDevelopmentPath', server.remoteUri(repoRoot)],
        ['extensionTestsPath', server.remoteUri(join(repoRoot, 'out', 'test', 'editor', 'suite', 'index.js'))],
        ['extensionEnvironment', JSON.stringify({ FILER_EDITOR_RESULTS: resultsFile })],
      ]),
    );
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exitCode,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the suite did not finish within ${suiteTimeoutMs / 1000} s; see ${server.logFile}`)),
          suiteTimeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    t.diagnostic(`suite finished in ${((Date.now() - started) / 1000).toFixed(1)} s with exit code ${code}`);

    assert.ok(
      existsSync(resultsFile),
      `the suite wrote no results (exit code ${code}): it did not load; see ${server.logFile}`,
    );
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResult[];
    assert.ok(results.length >= 5, `every extension-host test ran (got ${results.length})`);
    for (const result of results) {
      await t.test(`${result.title} (${result.durationMs ?? '?'} ms in the editor)`, () => {
        assert.equal(result.state, 'passed', result.error);
      });
    }
    assert.equal(code, 0, 'the workbench reports the suite passed');
    assert.deepEqual(editor.blocked, [], 'no request left loopback');
  },
);
