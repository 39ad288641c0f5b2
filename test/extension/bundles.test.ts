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

/** A run of a text that a bundle writes as it is (no quote, backslash or non-ASCII character, which it may escape). */
function plainRun(text: string): string | undefined {
  return [...text.matchAll(/[A-Za-z0-9 ,.;:()-]{30,}/g)]
    .map((match) => match[0])
    .sort((a, b) => b.length - a.length)[0];
}

test('the server core leaves out the rules’ decisions, which it never reads, and keeps their descriptions', () => {
  const decisions = allRules.flatMap((rule) => {
    const run = rule.decision && plainRun(rule.decision);
    // A run that a description holds too says nothing of the decision's absence.
    return run && !allRules.some((other) => other.description.includes(run)) ? [run] : [];
  });
  assert.ok(decisions.length > 50, `${decisions.length} decisions`);
  const server = readFileSync(join(root, 'dist/server-web.js'), 'utf8');
  assert.deepEqual(
    decisions.filter((run) => server.includes(run)),
    [],
    'no decision in dist/server-web.js',
  );
  // The descriptions, which the hovers and completion show, are there.
  const description = plainRun(allRules.find((rule) => rule.code === 'tools.timeout')!.description)!;
  assert.ok(server.includes(description), `the descriptions are kept: ${description}`);
});
