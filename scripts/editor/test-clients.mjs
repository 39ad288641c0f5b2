// npm run test:clients: real LSP clients from Debian's packages against the built server (dist/server.js):
// Neovim headless (0.7, 0.10, 0.12), Emacs 28 with Eglot 1.9 in batch mode and Helix 25.07 in tmux (test/clients/).
// Installs or downloads the editors first (scripts/editor/editors.mjs) and fails, never skips, when it cannot.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureEmacs, ensureHelix, ensureNeovim, ensureNeovimFromSuite } from './editors.mjs';
import { root } from './package.mjs';

const started = Date.now();
try {
  const found = [(await ensureNeovim()).version];
  for (const suite of ['trixie', 'sid']) found.push((await ensureNeovimFromSuite(suite)).version);
  found.push((await ensureEmacs()).version);
  found.push((await ensureHelix()).version);
  console.log(`test:clients: ${found.join(', ')}`);
} catch (error) {
  console.error(`test:clients cannot run: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('test:clients: the build failed');
  process.exit(1);
}
const files = ['neovim', 'emacs', 'helix'].map((name) => join(root, 'out/test/clients', `${name}.test.js`));
const result = spawnSync(
  process.execPath,
  ['--test', '--test-reporter=spec', '--test-concurrency=1', '--test-force-exit', '--test-timeout=300000', ...files],
  { cwd: root, stdio: 'inherit' },
);
console.log(
  `test:clients ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(result.status ?? 1);
