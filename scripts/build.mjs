// Build: compile the schemas to standalone validators, type-check and emit out/ (for the tests), check
// that the schema's keywords and the rule registry agree (scripts/check-schema-codes.mjs), then bundle the client, the language server and the CLI into dist/ with esbuild.
//   --minify    minified bundles (the .vsix)
//   --package   only the CLI and the language server, minified, into server/dist/ with the licence:
//               the `filer-manifest` npm package (server/package.json runs this on prepack). No
//               type-check: the bundles carry every runtime dependency, so the package installs none.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (script, args = []) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
const forPackage = process.argv.includes('--package');

run(join(root, 'scripts/generate-shape-validator.mjs'));
if (!forPackage) {
  run(join(root, 'scripts/editor/copy-codicons.mjs'));
  run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', '.']);
  // The webview's plain-JavaScript script, against the DOM's types (media/tsconfig.json).
  run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', 'media/tsconfig.json']);
  // Every schema keyword that can fail leads to a registered rule code, and every x-code names one.
  run(join(root, 'scripts/check-schema-codes.mjs'));
}

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  sourcemap: !forPackage,
  minify: forPackage || process.argv.includes('--minify'),
  logLevel: 'warning',
  absWorkingDir: root,
};

const outDir = forPackage ? 'server/dist' : 'dist';
const executables = [
  { in: 'server/src/lsp/main.ts', out: `${outDir}/server.js`, banner: '#!/usr/bin/env node' },
  { in: 'server/src/cli/main.ts', out: `${outDir}/cli.js`, banner: '#!/usr/bin/env node' },
];
const entries = forPackage ? executables : [...executables, { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] }];

await Promise.all(
  entries.map((entry) =>
    build({
      ...common,
      entryPoints: [entry.in],
      outfile: entry.out,
      external: entry.external ?? [],
      banner: entry.banner ? { js: entry.banner } : undefined,
    }),
  ),
);
if (forPackage) copyFileSync(join(root, 'LICENSE'), join(root, 'server', 'LICENSE'));
