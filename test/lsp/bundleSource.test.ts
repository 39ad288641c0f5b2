/**
 * The bundles are ASCII, so that V8 keeps their source (which it holds for the process's life) as a
 * one-byte string: a single non-ASCII character anywhere, even in a comment, makes it two bytes per
 * character (2.4 instead of 1.2 MiB of the server's heap). scripts/build.mjs escapes what esbuild keeps.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repositoryRoot } from './lspClient';

for (const bundle of ['dist/server.js', 'dist/server-web.js', 'dist/cli.js', 'dist/client.js', 'dist/client-web.js']) {
  test(`${bundle} is ASCII only`, () => {
    const text = readFileSync(join(repositoryRoot, bundle), 'utf8');
    const at = text.search(/[^\x00-\x7f]/);
    const line = at < 0 ? '' : text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at));
    assert.equal(at, -1, `${bundle} has a non-ASCII character at offset ${at}: ${line.trim()}`);
  });
}

/**
 * esbuild makes an ES-module view of a CommonJS package (a getter per export) for each module that
 * imports it: vscode-languageserver's 390 exports were copied 14 times at start-up (5,000 getters,
 * 0.7 MiB of heap). scripts/build.mjs routes our imports of it through one module. The server's modules are in the
 * server core, dist/server-web.js, which dist/server.js requires.
 */
test('the server core (dist/server-web.js) makes one ES-module view of each CommonJS package it imports', () => {
  const text = readFileSync(join(repositoryRoot, 'dist/server-web.js'), 'utf8');
  const views = new Map<string, number>();
  for (const [, required] of text.matchAll(/__toESM\((require_\w+)\(\)/g))
    views.set(required, (views.get(required) ?? 0) + 1);
  assert.ok(views.size > 0, 'no ES-module view found: the check no longer matches what esbuild writes');
  assert.deepEqual(
    [...views].filter(([, count]) => count > 1),
    [],
  );
});

/**
 * The rules' examples and their quotations of the reference are data for the tests and the rule pages, in modules
 * of their own (`<rule>.examples.ts`) that nothing the bundles hold imports: none of their word-count plugin, none of
 * their «» marks, no words only a quotation has.
 */
for (const bundle of ['dist/server.js', 'dist/server-web.js', 'dist/cli.js']) {
  test(`${bundle} carries none of the rules' examples and quotations`, () => {
    const text = readFileSync(join(repositoryRoot, bundle), 'utf8');
    const quoted = ['That shape is refused at load time', 'free text, shown in Connect', 'tools-guide'];
    assert.deepEqual(
      ['word-count', '\\u00ab', '\\xAB', ...quoted].filter((said) => text.includes(said)),
      [],
    );
  });
}
