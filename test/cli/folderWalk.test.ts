/**
 * The one folder walker (server/src/host/folderWalk.ts), which the CLI's search, the server's
 * workspace scan, its file list for completion and its own folder watcher all use.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  regularFileNames,
  walkFolder,
  walkFolderSync,
  type WalkOptions,
  type WalkVisitor,
} from '../../server/src/host/folderWalk';
import { tempTree } from './runCli';

const repoRoot = path.join(__dirname, '../../..');

/** a/ b/ with files at each level, node_modules, a dot-folder and a link to a folder and to a file. */
function sampleTree(): string {
  const root = tempTree({
    'top.json': '{}',
    'a/one.json': '{}',
    'a/deep/two.json': '{}',
    'a/deep/deeper/three.json': '{}',
    'b/four.json': '{}',
    'node_modules/pkg/manifest.json': '{}',
    '.git/manifest.json': '{}',
  });
  symlinkSync(path.join(root, 'a'), path.join(root, 'linked-folder'));
  symlinkSync(path.join(root, 'top.json'), path.join(root, 'linked-file.json'));
  return root;
}

function filesWalked(root: string, options: WalkOptions, visitor: WalkVisitor = {}): string[] {
  const files: string[] = [];
  walkFolderSync([root], options, { ...visitor, file: (file) => void files.push(file.relative) });
  return files;
}

test('depth first: a folder’s files, then each folder below in name order; no link, node_modules or dot-folder', () => {
  const root = sampleTree();
  assert.deepEqual(filesWalked(root, { order: 'depth-first' }), [
    'top.json',
    'a/one.json',
    'a/deep/two.json',
    'a/deep/deeper/three.json',
    'b/four.json',
  ]);
});

test('breadth first: level by level; the async walk finds the same', async () => {
  const root = sampleTree();
  const expected = ['top.json', 'a/one.json', 'b/four.json', 'a/deep/two.json', 'a/deep/deeper/three.json'];
  assert.deepEqual(filesWalked(root, { order: 'breadth-first' }), expected);
  const files: string[] = [];
  await walkFolder([root], { order: 'breadth-first' }, { file: (file) => void files.push(file.relative) });
  assert.deepEqual(files, expected);
});

test('the bounds: listDepth (deeper folders are offered to enter, not listed), maxFolders, and stop from a file', () => {
  const root = sampleTree();
  const entered: string[] = [];
  assert.deepEqual(
    filesWalked(
      root,
      { order: 'depth-first', listDepth: 2 },
      { enter: (folder) => (entered.push(folder.relative), 'list') },
    ),
    ['top.json', 'a/one.json', 'b/four.json'],
  );
  assert.deepEqual(entered, ['', 'a', 'a/deep', 'b']);
  assert.deepEqual(filesWalked(root, { order: 'breadth-first', maxFolders: 2 }), ['top.json', 'a/one.json']);
  const first: string[] = [];
  walkFolderSync(
    [root],
    { order: 'breadth-first' },
    { file: (file) => (first.push(file.relative), first.length === 2 ? 'stop' : undefined) },
  );
  assert.deepEqual(first, ['top.json', 'a/one.json']);
  assert.deepEqual(
    filesWalked(root, { order: 'depth-first' }, { enter: (folder) => (folder.relative === 'a' ? 'skip' : 'list') }),
    ['top.json', 'b/four.json'],
  );
});

test('a folder that cannot be listed is reported by its path, and the walk goes on', () => {
  const root = tempTree({ 'gone/x.json': '{}', 'kept/y.json': '{}' });
  mkdirSync(path.join(root, 'vanishing'));
  const unreadable: string[] = [];
  const files = filesWalked(
    root,
    { order: 'depth-first' },
    {
      // Removed between being found and being listed, as a folder may be by another process.
      enter: (folder) => {
        if (folder.relative === 'vanishing') rmdirSync(folder.absolutePath);
        return 'list';
      },
      unreadable: (folder, error) =>
        void unreadable.push(`${folder.relative}: ${(error as NodeJS.ErrnoException).code}`),
    },
  );
  assert.deepEqual(unreadable, ['vanishing: ENOENT']);
  assert.deepEqual(files, ['gone/x.json', 'kept/y.json']);
});

test('one walker: no other file of server/src lists a folder', () => {
  const listers: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(file);
      else if (
        file.endsWith('.ts') &&
        file !== 'server/src/host/folderWalk.ts' &&
        /\b(readdir|readdirSync|opendir|opendirSync)\b/.test(readFileSync(path.join(repoRoot, file), 'utf8'))
      )
        listers.push(file);
    }
  };
  visit('server/src');
  assert.deepEqual(listers, []);
});

test('a folder listed for its regular files: no link (to a file or a folder), no folder, no FIFO; none past the bound', () => {
  const root = sampleTree();
  execFileSync('mkfifo', [path.join(root, 'pipe.json')]);
  assert.deepEqual([...regularFileNames(root, 100)!].sort(), ['top.json']);
  // The bound counts every entry (a, b, .git, node_modules, two links, the FIFO, the file: eight).
  assert.equal(regularFileNames(root, 8)?.size, 1);
  assert.equal(regularFileNames(root, 7), undefined);
  assert.equal(regularFileNames(path.join(root, 'missing'), 100), undefined);
  assert.equal(regularFileNames(path.join(root, 'top.json'), 100), undefined);
});

test('each path the walk gives is path.join of its root and its relative path, however the root is spelled', async () => {
  const root = sampleTree();
  const cwd = process.cwd();
  for (const spelling of [
    root,
    `${root}/`,
    `${root}/./`,
    `${root}//`,
    path.join(root, 'a', '..'),
    path.relative(cwd, root) || '.',
  ]) {
    const seen: { path: string; relative: string }[] = [];
    const visitor: WalkVisitor = {
      enter: (folder) => {
        seen.push({ path: folder.absolutePath, relative: folder.relative });
        return 'list';
      },
      file: (file) => void seen.push({ path: file.absolutePath, relative: file.relative }),
    };
    for (const order of ['depth-first', 'breadth-first'] as const) {
      seen.length = 0;
      walkFolderSync([spelling], { order }, visitor);
      const walkedSync = [...seen];
      seen.length = 0;
      await walkFolder([spelling], { order }, visitor);
      assert.deepEqual(seen, walkedSync, `${spelling}, ${order}: the same walk with fs.promises`);
      assert.ok(walkedSync.length >= 8, spelling);
      for (const walked of walkedSync.slice(1))
        assert.equal(
          walked.path,
          path.join(spelling, ...walked.relative.split('/')),
          `${spelling}: ${walked.relative}`,
        );
    }
  }
});
