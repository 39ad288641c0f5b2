/**
 * What reading the plugin folder costs in system calls: a first open of a 5,000-tool manifest stats and
 * reads 10,000 files, so each lstat counts (issue 15). The rules stat a handler and then read it; a
 * tool's schema is read without a stat. Each is one lstat: the read reuses the lstat its path was
 * resolved with (the open still never follows a link nor blocks, and fstat is checked).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mock, test } from 'node:test';
import { pluginFolder } from './helpers';

function lstatsDuring(run: () => void): number {
  const lstat = mock.method(fs, 'lstatSync');
  try {
    run();
    return lstat.mock.callCount();
  } finally {
    lstat.mock.restore();
  }
}

test('a handler stat and then read, and a schema read, take one lstat each', () => {
  const { folder } = pluginFolder({ 'tools/a.js': 'module.exports = (args, ctx) => ctx.toast("a");', 'tools/a.schema.json': '{}' });
  // The directory's real path is resolved once per folder view, not per file: resolve it first.
  folder.stat('tools/other.js');
  let handler: ReturnType<typeof folder.readText> | undefined;
  assert.equal(
    lstatsDuring(() => {
      assert.equal(folder.stat('tools/a.js'), 'file');
      handler = folder.readText('tools/a.js');
    }),
    1,
  );
  assert.equal(handler?.kind === 'text' && handler.text.includes('ctx.toast'), true);
  let schema: ReturnType<typeof folder.readText> | undefined;
  assert.equal(lstatsDuring(() => (schema = folder.readText('tools/a.schema.json'))), 1);
  assert.deepEqual(schema, { kind: 'text', text: '{}' });
});

test('a read after a stat of another path resolves its own path', () => {
  const { folder } = pluginFolder({ 'a.js': 'a', 'b.js': 'b' });
  assert.equal(folder.stat('a.js'), 'file');
  assert.deepEqual(folder.readText('b.js'), { kind: 'text', text: 'b' });
  assert.deepEqual(folder.readText('a.js'), { kind: 'text', text: 'a' });
});
