// npm run package: a minified build, the codicons copied into media/, then `vsce package` offline
// (no dependency detection: the bundles carry their dependencies). Prints the .vsix path and size, and fails when
// the .vsix is over its budget (docs/performance.md, "The packaged extension"): so do the real-editor suites, which
// package it.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {string} script @param {string[]} args */
function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`${script} ${args.join(' ')} failed (exit code ${result.status ?? result.signal})`);
}

/** The .vsix's budget, in bytes: 400 KiB (vsce's "KB"). */
export const vsixBudgetBytes = 400 * 1024;

/** Builds and packages the extension; returns the .vsix path. Throws when the .vsix is over its budget. */
export function packageExtension() {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const vsix = join(root, `${name}-${version}.vsix`);
  run(join(root, 'scripts/build.mjs'), ['--minify']);
  run(join(root, 'scripts/editor/copy-codicons.mjs'), []);
  run(join(root, 'node_modules/@vscode/vsce/vsce'), [
    'package',
    '--no-dependencies',
    '--allow-missing-repository',
    '--no-rewrite-relative-links',
    // The extension page's own README: what a user of the extension does (the repository's README
    // starts with how to build and test this project).
    '--readme-path',
    'client/README.md',
    '--out',
    vsix,
  ]);
  const { size } = statSync(vsix);
  if (size > vsixBudgetBytes)
    throw new Error(
      `${vsix} is ${size} bytes, over its budget of ${vsixBudgetBytes} (docs/performance.md): \`unzip -v\` shows what takes the room.`,
    );
  return vsix;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const vsix = packageExtension();
    console.log(`${vsix}: ${(statSync(vsix).size / 1024).toFixed(0)} KiB`);
  } catch (error) {
    console.error(`npm run package: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
