/**
 * What reading the plugin folder costs in system calls: a first open of a 5,000-tool manifest stats and
 * reads 10,000 files, so each lstat counts (issue 15). The rules stat a handler and then read it; a
 * tool's schema is read without a stat. A file its directory's listing (one per directory)
 * names as a regular file takes no lstat; any other path one, which its read reuses (the open still
 * never follows a link nor blocks, and fstat is checked).
 */
import assert from 'node:assert/strict';
import fs, { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mock, test } from 'node:test';
import { pluginFolder } from './helpers';

function statsDuring(run: () => void): number {
  const lstat = mock.method(fs, 'lstatSync');
  const stat = mock.method(fs, 'statSync');
  try {
    run();
    return lstat.mock.callCount() + stat.mock.callCount();
  } finally {
    lstat.mock.restore();
    stat.mock.restore();
  }
}

test('a listed handler stat and then read, and a listed schema read, take no lstat', () => {
  const { folder } = pluginFolder({
    'tools/a.js': 'module.exports = (args, ctx) => ctx.toast("a");',
    'tools/a.schema.json': '{}',
  });
  // The directory's real path is resolved, and the directory listed, once per folder view, not per file: do it first.
  folder.stat('tools/other.js');
  let handler: ReturnType<typeof folder.readText> | undefined;
  assert.equal(
    statsDuring(() => {
      assert.equal(folder.stat('tools/a.js'), 'file');
      handler = folder.readText('tools/a.js');
    }),
    0,
  );
  assert.equal(handler?.kind === 'text' && handler.text.includes('ctx.toast'), true);
  let schema: ReturnType<typeof folder.readText> | undefined;
  assert.equal(
    statsDuring(() => (schema = folder.readText('tools/a.schema.json'))),
    0,
  );
  assert.deepEqual(schema, { kind: 'text', text: '{}' });
});

test('a read after a stat of another path resolves its own path', () => {
  const { folder } = pluginFolder({ 'a.js': 'a', 'b.js': 'b' });
  assert.equal(folder.stat('a.js'), 'file');
  assert.deepEqual(folder.readText('b.js'), { kind: 'text', text: 'b' });
  assert.deepEqual(folder.readText('a.js'), { kind: 'text', text: 'a' });
});

test('a path the listing does not name as a regular file is looked up with one lstat, which its read reuses', () => {
  const { root, folder } = pluginFolder({ 'tools/listed.js': 'a' });
  assert.equal(folder.stat('tools/listed.js'), 'file');
  // Made after the listing: found all the same (as a file name in another case is, where names are case-insensitive).
  writeFileSync(join(root, 'tools/later.js'), 'later');
  let read: ReturnType<typeof folder.readText> | undefined;
  assert.equal(
    statsDuring(() => {
      assert.equal(folder.stat('tools/later.js'), 'file');
      read = folder.readText('tools/later.js');
    }),
    1,
  );
  assert.deepEqual(read, { kind: 'text', text: 'later' });
  mkdirSync(join(root, 'tools/sub'));
  assert.equal(folder.stat('tools/sub'), 'directory');
  assert.equal(folder.stat('tools/missing.js'), 'missing');
});

test('a listed file removed before it is read reads as missing', () => {
  const { root, folder } = pluginFolder({ 'gone.js': 'a' });
  assert.equal(folder.stat('gone.js'), 'file');
  rmSync(join(root, 'gone.js'));
  assert.deepEqual(folder.readText('gone.js'), { kind: 'missing' });
});
