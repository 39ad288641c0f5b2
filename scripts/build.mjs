// Build: compile the schemas to standalone validators, type-check and emit out/ (for the tests),
// then bundle the client, the language server and the CLI into dist/ with esbuild.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (script, args = []) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });

run(join(root, 'scripts/generate-shape-validator.mjs'));
run(join(root, 'scripts/editor/copy-codicons.mjs'));
run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', '.']);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  sourcemap: true,
  minify: process.argv.includes('--minify'),
  logLevel: 'warning',
  absWorkingDir: root,
};

const entries = [
  { in: 'server/src/lsp/main.ts', out: 'dist/server.js', banner: '#!/usr/bin/env node' },
  { in: 'server/src/cli/main.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
];

await Promise.all(
  entries
    .filter((entry) => existsSync(join(root, entry.in)))
    .map((entry) =>
      build({
        ...common,
        entryPoints: [entry.in],
        outfile: entry.out,
        external: entry.external ?? [],
        banner: entry.banner ? { js: entry.banner } : undefined,
      }),
    ),
);
