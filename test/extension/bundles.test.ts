/**
 * The bundles the .vsix ships (scripts/build.mjs): the web build (dist/client-web.js, dist/server-web.js) holds no
 * Node built-in and loads no other file, as a web extension's client and a Web Worker's script must; the desktop
 * build (dist/client.js, dist/server.js) holds no second copy of what it takes from the web build. Read from what
 * esbuild says each bundle is made of (dist/bundle-inputs.json) and from the bundles' text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import { decisionOf } from '../../server/src/engine/rules/decisions';

const root = join(__dirname, '..', '..', '..');
/** Each bundle's inputs (with the bytes each takes in it) and the modules it loads at run time. */
const bundles: Record<string, { inputs: string[]; external: string[] }> = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(join(root, 'dist/bundle-inputs.json'), 'utf8')) as Record<
      string,
      { inputs: Record<string, number>; external: string[] }
    >,
  ).map(([file, { inputs, external }]) => [file, { inputs: Object.keys(inputs), external }]),
);
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Every `require("…")` and `import("…")` of a bundle's code, by the name it loads. */
function loaded(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/\b(?:require|import)\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((match) => match[1]);
}

test('the web bundles hold no Node built-in and load no other file: only `vscode`, which the web host gives', () => {
  for (const [file, allowed] of [
    ['dist/server-web.js', []],
    ['dist/client-web.js', ['vscode']],
  ] as const) {
    const bundle = bundles[file];
    assert.ok(bundle, `${file} was built`);
    assert.deepEqual(bundle.external, allowed, `${file} loads only ${allowed.join(', ') || 'nothing'}`);
    for (const input of bundle.inputs) assert.ok(!builtins.has(input), `${file} bundles ${input}`);
    // The text too: a require left in code esbuild did not see as one (a string is not code, but this reads all).
    const builtIn = loaded(file).filter((name) => builtins.has(name) || name.startsWith('./'));
    assert.deepEqual(builtIn, [], `${file} loads ${builtIn.join(', ')}`);
    assert.ok(!readFileSync(join(root, file), 'utf8').includes('importScripts('), `${file} loads no script`);
  }
});

test('the desktop bundles take the shared modules from the web bundles: no second copy of them', () => {
  const twice = (file: string, pattern: RegExp) => bundles[file].inputs.filter((input) => pattern.test(input));
  assert.deepEqual(
    twice(
      'dist/server.js',
      /^(server\/src\/(engine|protocol)\/|server\/src\/lsp\/(?!main\.ts$)|(^|\/)node_modules\/vscode-(languageserver|languageserver-protocol|jsonrpc)\/lib\/common\/)/,
    ),
    [],
  );
  assert.deepEqual(twice('dist/client.js', /^(client\/src\/(?!node\.ts$)|server\/src\/|(^|\/)node_modules\/)/), []);
  assert.ok(bundles['dist/server.js'].external.includes('./server-web.js'));
  assert.ok(bundles['dist/client.js'].external.includes('./client-web.js'));
  // What the desktop server keeps for itself is Node's: the disk host and the Node connection.
  assert.ok(bundles['dist/server.js'].inputs.includes('server/src/host/nodeHost.ts'));
  assert.ok(!bundles['dist/server-web.js'].inputs.some((input) => input.startsWith('server/src/host/')));
});

test('required from Node, the server core starts nothing and gives the modules the Node server takes from it', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require(join(root, 'dist/server-web.js')) as { shared: Record<string, Record<string, unknown>> };
  assert.equal(typeof core.shared['server/src/lsp/server.ts'].startServer, 'function');
  assert.equal(typeof core.shared['vscode-languageserver/common/api'].createConnection, 'function');
});

/**
 * The longest run of a decision's text that a bundle holds as it is, whatever esbuild escapes in a string (a quote, a
 * backslash, a character beyond ASCII) and whatever a template's constant is (a number).
 */
function longestPlainRun(text: string): string {
  return text
    .split(/[^\x20-\x7e]|["'`\\\d]/)
    .reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

test('no rule\u2019s decision is in the server\u2019s bundle (the CLI\u2019s holds them, for SARIF)', () => {
  const runs = allRules.flatMap((rule) => {
    const decision = decisionOf(rule.code);
    return decision ? [{ code: rule.code, run: longestPlainRun(decision) }] : [];
  });
  assert.ok(runs.length > allRules.length / 3, `${runs.length} decisions`);
  for (const { code, run } of runs) assert.ok(run.length >= 30, `${code}: ${run}`);
  const server = readFileSync(join(root, 'dist/server-web.js'), 'utf8');
  const cli = readFileSync(join(root, 'dist/cli.js'), 'utf8');
  // Found where they are: the CLI bundle holds each (so that their absence from the server's is not a misreading).
  assert.deepEqual(
    runs.filter(({ run }) => !cli.includes(run)).map(({ code }) => code),
    [],
  );
  assert.deepEqual(
    runs.filter(({ run }) => server.includes(run)).map(({ code }) => code),
    [],
  );
});
