/**
 * How NodePluginFolder (server/src/host/nodePluginFolder.ts) resolves a plugin-relative path: a plain
 * path (`tools/a.json`) is appended to the root with no path.resolve, any other spelling goes through
 * path.resolve; both must name the same file and answer the same, links and all.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { isPlainRelativePath, NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { readRegularFile } from '../../server/src/host/safeRead';
import { tempTree } from './runCli';

test('a plain relative path: single slashes between segments, none of them empty, "." or ".."', () => {
  for (const plain of [
    'a.json',
    'tools/a.json',
    'tools/sub/a.schema.json',
    '.hidden/a.json',
    'tools/..a',
    'tools/a..',
    '...',
    'a b/c',
  ]) {
    assert.equal(isPlainRelativePath(plain), true, plain);
  }
  for (const other of [
    '',
    '.',
    '..',
    './a.json',
    'tools/./a.json',
    'tools//a.json',
    '/tools/a.json',
    'tools/',
    'tools/..',
    '../a.json',
    'x/../tools/a.json',
    'tools/.',
    'a\0b',
  ]) {
    assert.equal(isPlainRelativePath(other), false, JSON.stringify(other));
  }
});

test('a plain path and other spellings of it answer the same: files, folders, links in and out, a FIFO, missing ones', () => {
  const outside = tempTree({ 'secret.json': '{"secret": true}', 'dir/secret.json': '{}' });
  const root = tempTree({
    'tools/a.json': '{"a": 1}',
    'tools/sub/b.json': '{"b": 2}',
    'top.json': '{}',
    'prompts/p.md': '# p',
  });
  symlinkSync(path.join(root, 'tools'), path.join(root, 'linked-tools'));
  symlinkSync(path.join(outside, 'dir'), path.join(root, 'linked-out'));
  symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'tools/out.json'));
  symlinkSync(path.join(root, 'tools/a.json'), path.join(root, 'tools/in.json'));
  symlinkSync(path.join(root, 'nowhere'), path.join(root, 'broken'));
  mkdirSync(path.join(root, 'empty'));
  execFileSync('mkfifo', [path.join(root, 'tools/fifo.json')]);

  const plainPaths = [
    'tools/a.json',
    'tools/sub/b.json',
    'top.json',
    'prompts/p.md',
    'tools',
    'tools/sub',
    'empty',
    'linked-tools/a.json',
    'linked-tools/sub/b.json',
    'linked-out/secret.json',
    'linked-out/missing/deeper.json',
    'tools/out.json',
    'tools/in.json',
    'tools/fifo.json',
    'broken',
    'broken/a.json',
    'missing.json',
    'missing/a.json',
    'tools/a.json/below',
  ];
  const spellings = (plain: string) =>
    [`./${plain}`, plain.replace('/', '/./'), plain.replace('/', '//'), `x/../${plain}`, `${plain}/`].filter(
      (spelling) => spelling !== plain,
    );
  const answers = (folder: NodePluginFolder, relative: string) => {
    const signature = folder.statSignature(relative);
    return {
      stat: folder.stat(relative),
      read: folder.readText(relative),
      statSignature: {
        kind: signature.kind,
        same: signature.signature === new NodePluginFolder(root).statSignature(relative).signature,
      },
    };
  };
  for (const plain of plainPaths) {
    assert.equal(isPlainRelativePath(plain), true, plain);
    const expected = answers(new NodePluginFolder(root), plain);
    for (const other of spellings(plain)) {
      assert.equal(isPlainRelativePath(other), false, other);
      assert.deepEqual(answers(new NodePluginFolder(root), other), expected, `${other} answers as ${plain}`);
      // Resolved in the same folder object after the plain one, and before it.
      const shared = new NodePluginFolder(root);
      assert.deepEqual(
        [answers(shared, plain), answers(shared, other)],
        [expected, expected],
        `${plain} then ${other}`,
      );
      const reversed = new NodePluginFolder(root);
      assert.deepEqual(
        [answers(reversed, other), answers(reversed, plain)],
        [expected, expected],
        `${other} then ${plain}`,
      );
    }
  }

  // What the answers are, plainly: nothing outside is read, no link out is followed, no FIFO opened.
  const folder = new NodePluginFolder(root);
  assert.deepEqual(folder.readText('tools/a.json'), { kind: 'text', text: '{"a": 1}' });
  assert.deepEqual(folder.readText('linked-tools/sub/b.json'), { kind: 'text', text: '{"b": 2}' });
  assert.deepEqual(folder.readText('tools/in.json'), { kind: 'text', text: '{"a": 1}' });
  assert.deepEqual(folder.readText('tools/out.json'), { kind: 'outside' });
  assert.deepEqual(folder.readText('linked-out/secret.json'), { kind: 'outside' });
  assert.deepEqual(folder.readText('linked-out/missing/deeper.json'), { kind: 'outside' });
  assert.deepEqual(folder.readText('tools/fifo.json'), { kind: 'not-a-file', what: 'other' });
  assert.deepEqual(folder.readText('broken/a.json'), { kind: 'missing' });
  assert.equal(folder.stat('tools'), 'directory');
  assert.equal(folder.resolvedThroughLinks, true);
});

test('a plugin folder at the root of the file system: a plain path is still appended once', () => {
  // No writes at "/": only how the path is formed (a file the root holds, none missing) is compared.
  const folder = new NodePluginFolder('/');
  for (const relative of ['etc', 'etc/hostname', 'no-such-folder-here/x']) {
    assert.deepEqual(folder.stat(relative), new NodePluginFolder('/').stat(`./${relative}`), relative);
  }
});

test('readRegularFile reads a file whole up to its limit, and not one past it', () => {
  const root = tempTree({
    'empty.json': '',
    'small.json': '{"a": 1}',
    'limit.json': 'x'.repeat(64),
    'over.json': 'x'.repeat(65),
    'utf8.json': '"é…😀"',
  });
  const read = (name: string) => readRegularFile(path.join(root, name), 64);
  assert.deepEqual(read('empty.json'), { kind: 'text', text: '' });
  assert.deepEqual(read('small.json'), { kind: 'text', text: '{"a": 1}' });
  assert.deepEqual(read('limit.json'), { kind: 'text', text: 'x'.repeat(64) });
  assert.deepEqual(read('over.json'), { kind: 'too-large', size: 65 });
  assert.deepEqual(read('utf8.json'), { kind: 'text', text: '"é…😀"' });
  // What a listing said (a type, no size): the fstat of the opened file bounds the read.
  assert.deepEqual(readRegularFile(path.join(root, 'over.json'), 64, { lstat: 'regular file' }), {
    kind: 'too-large',
    size: 65,
  });
  assert.deepEqual(readRegularFile(path.join(root, 'limit.json'), 64, { lstat: 'regular file' }), {
    kind: 'text',
    text: 'x'.repeat(64),
  });
});
