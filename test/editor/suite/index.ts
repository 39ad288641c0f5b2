import Mocha from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One test's outcome, written as JSON for the runner outside the editor (mocha's console output is not). */
export interface SuiteResult {
  title: string;
  state: 'passed' | 'failed';
  durationMs: number | undefined;
  error: string | undefined;
}

/**
 * The extension-host entry point, the @vscode/test-electron way: VS Code (or code-server with the
 * smoke-test driver) loads this file as `extensionTestsPath` and waits for the promise. The results
 * go to the file named by FILER_EDITOR_RESULTS when it is set.
 */
export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false });
  for (const file of readdirSync(__dirname)
    .filter((name) => name.endsWith('.suite.js'))
    .sort())
    mocha.addFile(join(__dirname, file));
  const results: SuiteResult[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const resultsFile = process.env.FILER_EDITOR_RESULTS;
      if (resultsFile) writeFileSync(resultsFile, JSON.stringify(results, null, 2));
      if (failures > 0) reject(new Error(`${failures} of ${results.length} extension-host tests failed`));
      else resolve();
    });
    runner.on('pass', (test) =>
      results.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration, error: undefined }),
    );
    runner.on('fail', (test, error: Error) =>
      results.push({
        title: test.fullTitle(),
        state: 'failed',
        durationMs: test.duration,
        error: `${error.message}\n${error.stack ?? ''}`,
      }),
    );
  });
}
