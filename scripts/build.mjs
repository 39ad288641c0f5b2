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
import { copyFileSync, cpSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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

/**
 * The .vsix holds a desktop build (package.json `main`: the client in VS Code's Node extension host, the server in a
 * Node process) and a web build (`browser`: the client in the web extension host, the server in a Web Worker), and
 * ships no second copy of what they share: each web bundle is one self-contained file with no Node built-in (a web
 * extension's client and its worker script cannot load another), and the desktop bundle beside it `require`s it for
 * the modules they share (the server core, vscode-languageserver's and vscode-languageclient's common parts), keeping
 * only what is Node's: the disk host and the Node connection, the Node language client.
 *   dist/server-web.js  the server core: the worker's script, and the module the Node server requires;
 *   dist/server.js      the Node server (lsp/main.ts);
 *   dist/client-web.js  the web client (client/src/browser.ts), and the module the Node client requires;
 *   dist/client.js      the Node client (client/src/node.ts).
 * The npm package (--package) ships dist/server.js whole, as before.
 */
// By their real paths, as esbuild resolves them (node_modules may be a link).
const nodeModule = (/** @type {string} */ file) => realpathSync(join(root, 'node_modules', file));
/** The modules both server bundles use, by the name the web bundle exports each under. */
const sharedServer = {
  'server/src/lsp/server.ts': join(root, 'server/src/lsp/server.ts'),
  'server/src/lsp/host.ts': join(root, 'server/src/lsp/host.ts'),
  'server/src/engine/index.ts': join(root, 'server/src/engine/index.ts'),
  'vscode-languageserver/common/api': nodeModule('vscode-languageserver/lib/common/api.js'),
  'vscode-languageserver/common/server': nodeModule('vscode-languageserver/lib/common/server.js'),
  'vscode-languageserver/common/utils/is': nodeModule('vscode-languageserver/lib/common/utils/is.js'),
  'vscode-languageserver-protocol/common/api': nodeModule('vscode-languageserver-protocol/lib/common/api.js'),
  'vscode-jsonrpc/common/api': nodeModule('vscode-jsonrpc/lib/common/api.js'),
};
const sharedClient = {
  'client/src/extension.ts': join(root, 'client/src/extension.ts'),
  'client/src/languageClient.ts': join(root, 'client/src/languageClient.ts'),
  'client/src/nodeClient.ts': join(root, 'client/src/nodeClient.ts'),
};

/**
 * The rules' decisions (a rule definition's `decision`, some 20 KB minified) left out of the server's bundle, which
 * never reads them: the rule pages, the README's table and the CLI, made from the sources, hold them. Each rule file is
 * read and its `decision: '…'` (a string or a template, or such joined with `+`) given to esbuild as `decision: ''`;
 * the sources are never rewritten.
 * @type {import('esbuild').Plugin}
 */
const withoutDecisions = {
  name: 'without-rule-decisions',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]server[\\/]src[\\/]engine[\\/]rules[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('decision')) return undefined;
      const source = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      /** @type {(node: ts.Node) => boolean} */
      const constantText = (node) =>
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node) ||
        (ts.isParenthesizedExpression(node) && constantText(node.expression)) ||
        (ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
          constantText(node.left) &&
          constantText(node.right));
      /** @type {{ start: number, end: number }[]} */
      const cuts = [];
      /** @type {(node: ts.Node) => void} */
      const visit = (node) => {
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          node.name.text === 'decision' &&
          constantText(node.initializer)
        )
          cuts.push({ start: node.initializer.getStart(source), end: node.initializer.end });
        else ts.forEachChild(node, visit);
      };
      visit(source);
      let contents = text;
      for (const { start, end } of cuts.reverse()) contents = `${contents.slice(0, start)}''${contents.slice(end)}`;
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The web bundle's entry: it exports the shared modules (`shared`, by name) and, started as a worker's script, starts
 * `start` (a module and the function it exports).
 * @param {Record<string, string>} shared
 * @param {{ file: string, call: string, when: string } | undefined} start
 * @param {string} [main]
 */
function webEntry(shared, start, main) {
  const lines = [
    main ? `module.exports = require(${JSON.stringify(main)});` : '',
    'module.exports.shared = {',
    ...Object.entries(shared).map(([name, file]) => `  ${JSON.stringify(name)}: require(${JSON.stringify(file)}),`),
    '};',
    start ? `if (${start.when}) require(${JSON.stringify(start.file)}).${start.call}();` : '',
  ];
  return { contents: lines.join('\n'), resolveDir: root, loader: /** @type {const} */ ('js') };
}

/**
 * The desktop bundle takes each shared module from the web bundle beside it (`require(webFile).shared[name]`), and
 * refuses to bundle a second copy of anything of the server core or the libraries' common parts.
 * @param {Record<string, string>} shared
 * @param {string} webFile
 * @param {RegExp} mustShare
 * @returns {import('esbuild').Plugin}
 */
function takeSharedFrom(shared, webFile, mustShare) {
  const byFile = new Map(Object.entries(shared).map(([name, file]) => [file, name]));
  return {
    name: 'take-shared-modules',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.kind === 'entry-point' || args.namespace !== 'file') return;
        const resolved = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (resolved.errors.length > 0 || resolved.external) return resolved;
        const name = byFile.get(resolved.path);
        if (name) return { path: name, namespace: 'shared' };
        // What the path is in the repository: `node_modules/…` wherever node_modules really is, else from the root.
        const forward = resolved.path.split('\\').join('/');
        const inModules = forward.indexOf('/node_modules/');
        const relative = inModules >= 0 ? forward.slice(inModules + 1) : forward.slice(root.length + 1);
        if (mustShare.test(relative))
          return {
            errors: [{ text: `${relative} would be bundled twice: add it to the shared modules of ${webFile}` }],
          };
        return resolved;
      });
      builder.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`./${webFile}`)}).shared[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
    },
  };
}

/** @typedef {import('esbuild').BuildOptions} Options */
/** @typedef {{ in: string, out: string, banner?: string, external?: string[], options?: Options }} Entry */
/** @type {Entry[]} */
const cli = [{ in: 'server/src/cli/main.ts', out: `${outDir}/cli.js`, banner: '#!/usr/bin/env node' }];
/** @type {Entry[]} */
const entries = forPackage
  ? [{ in: 'server/src/lsp/main.ts', out: `${outDir}/server.js`, banner: '#!/usr/bin/env node' }, ...cli]
  : [
      ...cli,
      {
        in: 'server/src/lsp/main.ts',
        out: 'dist/server.js',
        banner: '#!/usr/bin/env node',
        external: ['./server-web.js'],
        options: {
          plugins: [
            oneLanguageServerView,
            takeSharedFrom(
              sharedServer,
              'server-web.js',
              /^(server\/src\/(lsp|engine|protocol)\/|node_modules\/vscode-(languageserver|languageserver-protocol|jsonrpc)\/lib\/common\/)/,
            ),
          ],
        },
      },
      {
        in: 'server-web-entry',
        out: 'dist/server-web.js',
        options: {
          entryPoints: undefined,
          stdin: webEntry(sharedServer, {
            file: join(root, 'server/src/web/worker.ts'),
            call: 'startInWorker',
            // A worker's scope has importScripts; Node, which requires this file, has none.
            when: "typeof importScripts === 'function'",
          }),
          plugins: [oneLanguageServerView, withoutDecisions],
          platform: 'browser',
          format: 'iife',
          globalName: 'filerServer',
          mainFields: ['browser', 'module', 'main'],
          footer: { js: "if (typeof module === 'object' && module && module.exports) module.exports = filerServer;" },
        },
      },
      {
        in: 'client/src/node.ts',
        out: 'dist/client.js',
        external: ['vscode', './client-web.js'],
        options: {
          plugins: [takeSharedFrom(sharedClient, 'client-web.js', /^(client\/src\/|server\/src\/|node_modules\/)/)],
        },
      },
      {
        in: 'client-web-entry',
        out: 'dist/client-web.js',
        external: ['vscode'],
        options: {
          entryPoints: undefined,
          stdin: webEntry(sharedClient, undefined, join(root, 'client/src/browser.ts')),
          platform: 'browser',
          mainFields: ['browser', 'module', 'main'],
        },
      },
    ];

const metafiles = await Promise.all(
  entries.map((entry) =>
    build({
      ...common,
      entryPoints: [entry.in],
      outfile: entry.out,
      external: entry.external ?? [],
      banner: entry.banner ? { js: entry.banner } : undefined,
      metafile: true,
      ...entry.options,
    }).then(({ metafile }) => {
      const output = /** @type {import('esbuild').Metafile} */ (metafile).outputs[entry.out];
      const external = new Set(output.imports.flatMap((imported) => (imported.external ? [imported.path] : [])));
      const bytes = Object.entries(output.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput]);
      const inputs = Object.fromEntries(bytes);
      return [entry.out, { inputs, external: [...external].sort() }];
    }),
  ),
);
if (!forPackage)
  // What each bundle is made of, for the test that no web bundle holds a Node built-in (test/extension/bundles.test).
  writeFileSync(join(root, 'dist', 'bundle-inputs.json'), JSON.stringify(Object.fromEntries(metafiles)));
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
  // The preview's script and stylesheet as its webview loads them (client/src/preview/webviewHtml.ts), minified with
  // the bundles: the .vsix ships these copies.
  await build({
    entryPoints: ['media/preview.js', 'media/preview.css'],
    outdir: 'dist/media',
    minify: common.minify,
    logLevel: 'warning',
    absWorkingDir: root,
  });
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
