// Build: compile the schemas to standalone validators, extract MCP's result schema, type-check and emit out/ (for
// the tests), check that the schema's keywords and the rule registry agree (scripts/check-schema-codes.mjs), then
// bundle the client, the language server and the CLI into dist/ with esbuild, and write dist/docs.json (the rule
// pages, for the extension).
//   --minify    minified bundles (the .vsix)
//   --package   only the CLI and the language server, minified, into server/dist/ with the licence and
//               the rule pages (server/docs/rules/, which diagnostics link to and `explain` prints) and the
//               reference they quote (server/docs/reference/, which their index links to):
//               the `filer-manifest` npm package (server/package.json runs this on prepack). No
//               type-check: the bundles carry every runtime dependency, so the package installs none.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (/** @type {string} */ script, /** @type {string[]} */ args = []) =>
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
const forPackage = process.argv.includes('--package');
const configSchema = 'filer-manifest.config.schema.json';

run(join(root, 'scripts/generate-shape-validator.mjs'));
run(join(root, 'scripts/generate-mcp-result-schema.mjs'));
if (!forPackage) {
  run(join(root, 'scripts/editor/copy-codicons.mjs'));
  // out/ afresh: a module moved or removed must not stay there, where a test or a script would still load it.
  rmSync(join(root, 'out'), { recursive: true, force: true });
  run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', '.']);
  // The webview's plain-JavaScript script, against the DOM's types and its contract (media/tsconfig.json).
  run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', 'media/tsconfig.json']);
  // These scripts (plain JavaScript modules), against Node's types (scripts/tsconfig.json).
  run(join(root, 'node_modules/typescript/bin/tsc'), ['-p', 'scripts/tsconfig.json']);
  // Every schema keyword that can fail leads to a registered rule code, and every x-code names one.
  run(join(root, 'scripts/check-schema-codes.mjs'));
}

/**
 * esbuild gives each of our modules that imports vscode-languageserver (a CommonJS package) its own
 * ES-module view of it: a getter per export, some 390 of them, made again for each of 14 modules at
 * start-up. Our modules import it through one ES module that re-exports it instead, so that view is
 * made once.
 */
/** @type {import('esbuild').Plugin} */
const oneLanguageServerView = {
  name: 'one-vscode-languageserver-view',
  setup(builder) {
    builder.onResolve({ filter: /^vscode-languageserver$/ }, (args) =>
      args.namespace === 'file' && !args.importer.includes('node_modules')
        ? { path: 'vscode-languageserver', namespace: 'one-view' }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'one-view' }, () => ({
      contents: "export * from 'vscode-languageserver';",
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  plugins: [oneLanguageServerView],
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
/** @type {{ in: string, out: string, banner?: string, external?: string[] }[]} */
const executables = [
  { in: 'server/src/lsp/main.ts', out: `${outDir}/server.js`, banner: '#!/usr/bin/env node' },
  { in: 'server/src/cli/main.ts', out: `${outDir}/cli.js`, banner: '#!/usr/bin/env node' },
];
const entries = forPackage
  ? executables
  : [...executables, { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] }];

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
// esbuild escapes every non-ASCII character of the code, but keeps comments as written: one "…" left in a
// kept comment makes V8 hold the whole bundle's source as a two-byte string (2.4 MiB of heap for the
// server's 1.2 MB, for the process's life). A \uXXXX escape means the same character in a string, a
// template or a regular expression, and is plain text in a comment.
for (const entry of entries) {
  const file = join(root, entry.out);
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
if (!forPackage) {
  // The rule pages and the reference they quote, for the VS Code extension: one file, which the .vsix ships in place
  // of the 119 (a zip compresses each file on its own; together they take a third of the room) and the extension
  // shows (client/src/shippedDocs.ts). The npm package ships the folders (below): a tarball compresses them whole.
  /** @type {Record<string, string>} */
  const docs = {};
  for (const [folder, extension] of [
    ['docs/rules', '.md'],
    ['docs/reference', '.txt'],
  ])
    for (const name of readdirSync(join(root, folder))
      .filter((file) => file.endsWith(extension))
      .sort())
      docs[`${folder}/${name}`] = readFileSync(join(root, folder, name), 'utf8');
  // The order of the keys changes only how small the zip makes the file (the extension reads it into a map): the rules'
  // index last, after the pages and the reference it lists, takes 1.4 KB less of the .vsix than first.
  const index = 'docs/rules/README.md';
  const { [index]: indexText, ...pages } = docs;
  writeFileSync(
    join(root, 'dist', 'docs.json'),
    JSON.stringify(indexText === undefined ? pages : { ...pages, [index]: indexText }),
  );
} else {
  copyFileSync(join(root, 'LICENSE'), join(root, 'server', 'LICENSE'));
  rmSync(join(root, 'server', 'docs'), { recursive: true, force: true });
  cpSync(join(root, 'docs', 'rules'), join(root, 'server', 'docs', 'rules'), { recursive: true });
  cpSync(join(root, 'docs', 'reference'), join(root, 'server', 'docs', 'reference'), { recursive: true });
  // The config file's schema, for a `$schema` that points into node_modules/filer-manifest/.
  rmSync(join(root, 'server', 'schemas'), { recursive: true, force: true });
  cpSync(join(root, 'schemas', configSchema), join(root, 'server', 'schemas', configSchema));
}
