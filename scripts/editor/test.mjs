// npm run test:editor: the real-editor suites, in order, under code-server and Debian's Chromium:
//  (a) the mocha suite inside the extension host (test/editor/suite/, the extension loaded from the repo),
//  (b) the Playwright test of what the user sees (test/editor/ui.test.ts, the packaged .vsix installed),
//  (c) the preview's accessibility (test/editor/accessibility.test.ts: axe-core, the keyboard, reflow; the .vsix too),
//  (d) the extension on the web (test/editor/web.test.ts: the .vsix installed without `main`, so code-server runs it
//      in the browser's web-worker extension host, its server in a Web Worker).
// Installs what it needs first (scripts/editor/tools.mjs) and fails, never skips, when it cannot.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageExtension, root } from './package.mjs';
import { installPlanText } from './progress.mjs';
import { ensureAll, logReady, plannedInstalls } from './tools.mjs';

const started = Date.now();
const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const plan = installPlanText(plannedInstalls({ chromium: true }));
if (plan) console.log(plan);
try {
  await ensureAll();
  logReady();
} catch (error) {
  console.error(`test:editor cannot run: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}

let vsix;
try {
  vsix = packageExtension();
} catch (error) {
  console.error(`test:editor: the extension did not build or package: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
console.log(`built and packaged in ${seconds(started)}`);

// The screenshots are this run's artifacts: none left over from an earlier run.
rmSync(join(root, 'test-results', 'screenshots'), { recursive: true, force: true });

const suites = [
  ['extension host (mocha, real vscode API)', 'out/test/editor/extensionHost.test.js'],
  ['what the user sees (Playwright)', 'out/test/editor/ui.test.js'],
  ['accessibility of the preview (Playwright, axe-core)', 'out/test/editor/accessibility.test.js'],
  ['on the web: the .vsix browser-only, its server in a Web Worker (Playwright)', 'out/test/editor/web.test.js'],
];
const failed = [];
for (const [name, file] of suites) {
  const since = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-concurrency=1',
      '--test-force-exit',
      '--test-timeout=900000',
      join(root, file),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FILER_VSIX: vsix },
    },
  );
  console.log(`${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(since)}`);
  if (result.status !== 0) failed.push(name);
}
console.log(`test:editor took ${seconds(started)}; screenshots in test-results/screenshots/`);
if (failed.length > 0) {
  console.error(`test:editor FAILED: ${failed.join('; ')}`);
  process.exit(1);
}
