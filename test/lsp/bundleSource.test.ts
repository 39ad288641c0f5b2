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

for (const bundle of ['dist/server.js', 'dist/cli.js', 'dist/client.js']) {
  test(`${bundle} is ASCII only`, () => {
    const text = readFileSync(join(repositoryRoot, bundle), 'utf8');
    const at = text.search(/[^\x00-\x7f]/);
    const line = at < 0 ? '' : text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at));
    assert.equal(at, -1, `${bundle} has a non-ASCII character at offset ${at}: ${line.trim()}`);
  });
}
