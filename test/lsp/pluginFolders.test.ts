import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { analyzeManifest } from '../../server/src/engine';
import { CachedPluginFolder } from '../../server/src/lsp/pluginFolders';
import { nodeHost } from '../../server/src/host/nodeHost';
import { installHost } from '../../server/src/lsp/host';
import { handlerText, manifest, tempFolder } from './lspClient';

// These tests run the server's modules without a server: on the disk, as the Node server does.
installHost(nodeHost);

const cleanSchema = JSON.stringify({ type: 'object', properties: { text: { type: 'string' } } });
const unformattedSchema = JSON.stringify({ type: 'object', properties: { file: { type: 'string' } } });
const tool = (id: string, schema: string, handler: string) =>
  `{ "id": "${id}", "title": "T", "description": "Counts the words in a text file.", "schema": "${schema}", "handler": "${handler}", "annotations": { "readOnlyHint": true } }`;
const text = manifest(
  `"contributes": { "tools": [${tool('a', 'tools/a.schema.json', 'tools/a.js')}, ${tool('b', 'tools/b.schema.json', 'tools/b.js')}] }`,
);

const folders: ReturnType<typeof tempFolder>[] = [];
after(() => folders.forEach((folder) => folder.cleanup()));

/** A plugin folder with two clean tools, as the language server caches it (watched: only changes forget). */
function twoTools() {
  const disk = tempFolder({
    'tools/a.schema.json': cleanSchema,
    'tools/b.schema.json': cleanSchema,
    'tools/a.js': handlerText,
    'tools/b.js': handlerText,
  });
  folders.push(disk);
  const cached = new CachedPluginFolder(disk.root, () => true);
  /** Each diagnostic's code and the text it points at. */
  const diagnose = () =>
    analyzeManifest(text, { folder: cached }).diagnostics.map(
      (d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`,
    );
  return { disk, cached, diagnose };
}

test('what was derived from a file is kept until that file changes, and only that file is read again', () => {
  const { disk, cached, diagnose } = twoTools();
  assert.deepEqual(diagnose(), []);
  disk.write('tools/a.schema.json', unformattedSchema);
  disk.write('tools/b.schema.json', unformattedSchema);
  assert.deepEqual(diagnose(), [], 'no change reported yet: the remembered facts stand');

  const generation = cached.generation;
  cached.forget(join(disk.root, 'tools/a.schema.json'));
  assert.ok(cached.generation > generation, 'a change in the folder makes a new generation');
  assert.deepEqual(diagnose(), ['tools.path-without-format "tools/a.schema.json"'], 'b.schema.json was not read again');

  cached.forget(join(disk.root, 'tools/b.schema.json'));
  assert.deepEqual(diagnose(), [
    'tools.path-without-format "tools/a.schema.json"',
    'tools.path-without-format "tools/b.schema.json"',
  ]);
});

test('a changed directory forgets what lies below it; the folder itself or above it forgets everything', () => {
  const { disk, cached, diagnose } = twoTools();
  assert.deepEqual(diagnose(), []);
  disk.write('tools/a.schema.json', unformattedSchema);
  cached.forget(join(disk.root, 'tools'));
  assert.deepEqual(diagnose(), ['tools.path-without-format "tools/a.schema.json"']);

  disk.write('tools/b.schema.json', unformattedSchema);
  cached.forget(join(disk.root, 'tool')); // a sibling whose name is a prefix, not a parent
  assert.deepEqual(diagnose(), ['tools.path-without-format "tools/a.schema.json"']);
  cached.forget(disk.root);
  assert.deepEqual(diagnose(), [
    'tools.path-without-format "tools/a.schema.json"',
    'tools.path-without-format "tools/b.schema.json"',
  ]);

  disk.write('tools/a.schema.json', cleanSchema);
  disk.write('tools/b.schema.json', cleanSchema);
  const generation = cached.generation;
  cached.forget(dirname(disk.root));
  assert.ok(cached.generation > generation);
  assert.deepEqual(diagnose(), []);
});

test('a file that appears is seen once its path is reported: what a path names is remembered too', () => {
  const disk = tempFolder({
    'tools/a.schema.json': cleanSchema,
    'tools/b.schema.json': cleanSchema,
    'tools/b.js': handlerText,
  });
  folders.push(disk);
  const cached = new CachedPluginFolder(disk.root, () => true);
  const codes = () => analyzeManifest(text, { folder: cached }).diagnostics.map((d) => d.code);
  assert.deepEqual(codes(), ['files.missing']);
  disk.write('tools/a.js', 'module.exports = (args, ctx) => ctx.toast("hi");');
  assert.deepEqual(codes(), ['files.missing']);
  cached.forget(join(disk.root, 'tools/a.js'));
  assert.deepEqual(codes(), ['permissions.undeclared-use', 'handlers.undeclared-permission']);
});

test('where a path leads through a symbolic link, any change in the folder forgets everything (the watcher names the target)', () => {
  const disk = tempFolder({
    'shared/real.schema.json': cleanSchema,
    'tools/b.schema.json': cleanSchema,
    'tools/a.js': handlerText,
    'tools/b.js': handlerText,
  });
  folders.push(disk);
  symlinkSync(join(disk.root, 'shared/real.schema.json'), join(disk.root, 'tools/a.schema.json'));
  const cached = new CachedPluginFolder(disk.root, () => true);
  const codes = () => analyzeManifest(text, { folder: cached }).diagnostics.map((d) => d.code);
  assert.deepEqual(codes(), []);
  disk.write('shared/real.schema.json', unformattedSchema);
  cached.forget(join(disk.root, 'shared/real.schema.json'));
  assert.deepEqual(codes(), ['tools.path-without-format']);
});

test('rememberUntilChanged derives once per path and purpose', () => {
  const { disk, cached } = twoTools();
  const derived: string[] = [];
  const remember = (relativePath: string, purpose: string) =>
    cached.rememberUntilChanged(relativePath, purpose, () => {
      derived.push(`${purpose}:${relativePath}`);
      return derived.length;
    });
  assert.equal(remember('tools/a.js', 'one'), 1);
  assert.equal(remember('tools/a.js', 'one'), 1);
  assert.equal(remember('tools/a.js', 'two'), 2);
  assert.equal(remember('tools/b.js', 'one'), 3);
  cached.forget(join(disk.root, 'tools/a.js'));
  assert.equal(remember('tools/a.js', 'one'), 4);
  assert.equal(remember('tools/b.js', 'one'), 3);
  assert.deepEqual(derived, ['one:tools/a.js', 'two:tools/a.js', 'one:tools/b.js', 'one:tools/a.js']);
});

test('a remembered path does not keep the manifest text it was parsed from alive', async () => {
  const disk = tempFolder({
    'tools/a.schema.json': cleanSchema,
    'tools/b.schema.json': cleanSchema,
    'tools/a.js': handlerText,
    'tools/b.js': handlerText,
  });
  folders.push(disk);
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const heapUsed = async () => {
    // Holders that are not the folder's: the last regex match keeps its subject string (a part of the
    // text) alive; weak caches are cleared over two full collections; and an optimisation of the
    // validation's closures still under way in the background holds what they see until it ends (the
    // text was seen to go at a later collection, the folder still held): let it end first.
    /x/.exec('x');
    await new Promise((resolve) => setTimeout(resolve, 100));
    collectGarbage();
    collectGarbage();
    return process.memoryUsage().heapUsed;
  };

  let cached: CachedPluginFolder | undefined = new CachedPluginFolder(disk.root, () => true);
  (() => {
    // 32 MiB of description: paths cut from this text would keep all of it.
    const large = text.replace(
      '"displayName": "Sample"',
      `"displayName": "Sample", "description": "${'x'.repeat(32 * 1024 * 1024)}"`,
    );
    analyzeManifest(large, { folder: cached });
  })();
  // What the folder holds is what goes when it goes (the heap as a whole may hold the last text a while longer, not
  // through the folder).
  const withFolder = await heapUsed();
  cached = undefined;
  const heldByFolderMiB = (withFolder - (await heapUsed())) / 1024 / 1024;
  assert.ok(heldByFolderMiB < 8, `the folder holds ${heldByFolderMiB.toFixed(1)} MiB`);
});

test('without file watching, what is known of an unchanged file survives (stat-checked, not read again); a changed or new file is read again', async () => {
  const disk = tempFolder({
    'tools/a.schema.json': cleanSchema,
    'tools/b.schema.json': cleanSchema,
    'tools/b.js': handlerText,
  });
  folders.push(disk);
  const cached = new CachedPluginFolder(disk.root, () => false);
  const reads: string[] = [];
  const readText = cached.readText.bind(cached);
  cached.readText = (relativePath) => {
    reads.push(relativePath);
    return readText(relativePath);
  };
  const codes = () => analyzeManifest(text, { folder: cached }).diagnostics.map((d) => d.code);
  assert.deepEqual(codes(), ['files.missing']);
  // A handler is read for what its text names, and again for its parse (a tool handler's arguments are checked).
  assert.deepEqual(reads.sort(), ['tools/a.schema.json', 'tools/b.js', 'tools/b.js', 'tools/b.schema.json']);

  // Past the unwatched lifetime (2 s): nothing changed, nothing is read again, the diagnostics keep their generation.
  await new Promise((resolve) => setTimeout(resolve, 2200));
  reads.length = 0;
  const generation = cached.generation;
  assert.deepEqual(codes(), ['files.missing']);
  assert.deepEqual(reads, []);
  assert.equal(cached.generation, generation);

  disk.write('tools/a.schema.json', unformattedSchema);
  disk.write('tools/a.js', 'module.exports = (args, ctx) => ctx.toast("hi");');
  await new Promise((resolve) => setTimeout(resolve, 2200));
  assert.deepEqual(codes().sort(), [
    'handlers.undeclared-permission',
    'permissions.undeclared-use',
    'tools.path-without-format',
  ]);
  assert.deepEqual(reads.sort(), ['tools/a.js', 'tools/a.js', 'tools/a.schema.json']);
  assert.ok(cached.generation > generation);
});
