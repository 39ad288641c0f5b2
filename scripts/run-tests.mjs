// Runs the fast suites (engine, CLI, language server) with node's test runner on the compiled tests.
// Usage: node scripts/run-tests.mjs [suite ...]   (suites: folders under test/, default all fast ones)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fastSuites = ['engine', 'cli', 'lsp', 'extension', 'scripts'];
const suites = process.argv.slice(2).length > 0 ? process.argv.slice(2) : fastSuites;

/** @param {string} dir @returns {string[]} */
function testFiles(dir) {
  /** @type {string[]} */
  let files = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return files;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files = files.concat(testFiles(path));
    else if (name.endsWith('.test.js')) files.push(path);
  }
  return files;
}

const files = suites.flatMap((suite) => testFiles(join(root, 'out/test', suite))).sort();
if (files.length === 0) {
  console.error(`No compiled tests found for ${suites.join(', ')} under out/test: run npm run build first.`);
  process.exit(1);
}
// A test that hangs fails after its timeout, and a file whose tests are done exits even if a handle
// (a pipe to a server that died, a timer) is left open: CI never waits forever.
const result = spawnSync(
  process.execPath,
  ['--test', '--test-reporter=spec', '--test-force-exit', '--test-timeout=180000', ...files],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
