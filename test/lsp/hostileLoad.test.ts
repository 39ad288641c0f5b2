/**
 * The server's memory under a hostile client or workspace (issue 22), measured on a real server
 * process: a client that never reads what the server writes (every message waited in the writer's
 * queue: 2.5 GB in 50 s), a manifest opened far past filerManifest.maxFileSize (100 MB of syntax
 * errors aborted the server), and a workspace of noisy manifests that are not open. The bounds are
 * generous: what is measured is growth without end, not a budget (those are the benchmark's).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import {
  StreamMessageReader,
  StreamMessageWriter,
  type Message,
  type NotificationMessage,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { LspClient, serverPath, tempFolder } from './lspClient';

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)![1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A manifest with `count` unknown keys: as many warnings, the diagnostics cap's worth of them published. */
function noisyManifest(name: string, count: number, round = 0): string {
  const keys = Array.from({ length: count }, (_, i) => `"unknown_key_${i}": ${round}`).join(',\n  ');
  return `{\n  "name": ${JSON.stringify(name)},\n  "displayName": "Noisy",\n  "version": "1.0.0",\n  "contributes": {},\n  ${keys}\n}\n`;
}

test(
  'a client that never reads: the server publishes each document\u2019s newest diagnostics once it reads again, and its memory stays bounded meanwhile',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async (t) => {
    const folder = tempFolder();
    // A client without workspace/configuration: the server needs no answer from it to publish.
    const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const writer = new StreamMessageWriter(child.stdin);
    const send = (message: object) => writer.write({ jsonrpc: '2.0', ...message } as Message);
    try {
      await send({
        id: 1,
        method: 'initialize',
        params: { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: {} },
      });
      await send({ method: 'initialized', params: {} });
      const documents = 10;
      const uris = Array.from({ length: documents }, (_, i) => folder.uri(`p${i}/manifest.json`));
      for (const [i, uri] of uris.entries())
        await send({
          method: 'textDocument/didOpen',
          params: { textDocument: { uri, languageId: 'json', version: 1, text: noisyManifest(`p${i}`, 1500) } },
        });
      await sleep(2000);
      const before = memoryOf(child.pid!).rss;
      // Each round edits every document and waits for the debounced validations: 10 lists of 1,000 diagnostics per
      // round.
      const rounds = 40;
      for (let round = 1; round <= rounds; round++) {
        for (const [i, uri] of uris.entries()) {
          await send({
            method: 'textDocument/didChange',
            params: {
              textDocument: { uri, version: round + 1 },
              contentChanges: [{ text: noisyManifest(`p${i}`, 1500, round) }],
            },
          });
        }
        await sleep(250);
      }
      await sleep(1000);
      const after = memoryOf(child.pid!).rss;
      t.diagnostic(`RSS ${before.toFixed(0)} MiB before the edits, ${after.toFixed(0)} MiB after`);
      // Unread, the 400 lists (100 MB of JSON) waited in the writer: the server grew by some 500 MiB.
      assert.ok(
        after - before < 150,
        `the server grew from ${before.toFixed(0)} to ${after.toFixed(0)} MiB while the client did not read`,
      );

      // Reading again, the client gets every document's newest list (the round's value is in each message).
      const latest = new Map<string, PublishDiagnosticsParams>();
      const reader = new StreamMessageReader(child.stdout);
      reader.listen((message) => {
        const notification = message as NotificationMessage;
        if (notification.method === 'textDocument/publishDiagnostics')
          latest.set(
            (notification.params as PublishDiagnosticsParams).uri,
            notification.params as PublishDiagnosticsParams,
          );
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && ![...uris].every((uri) => latest.get(uri)?.version === rounds + 1))
        await sleep(100);
      assert.deepEqual(
        uris.map((uri) => latest.get(uri)?.version),
        uris.map(() => rounds + 1),
      );
      assert.ok(uris.every((uri) => latest.get(uri)!.diagnostics.length === 1000));
      reader.dispose();
    } finally {
      child.kill();
      folder.cleanup();
    }
  },
);

test(
  'a manifest opened at 60 MB of syntax errors (100 MB aborted the server, 50 MB took 3.8 GB) gets only its syntax checked, at most maxDiagnostics of it, in bounded memory',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async (t) => {
    const folder = tempFolder();
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: { workspace: { workspaceFolders: true } },
    });
    try {
      const uri = folder.uri('big/manifest.json');
      const text = `{ "name": "big", "displayName": "Big", "version": "1.0.0", "contributes": {}, "x": [${'1 '.repeat(30 * 1024 * 1024)}] }`;
      await client.open(uri, text);
      const diagnostics = await client.diagnostics(uri, undefined, 120_000);
      assert.deepEqual(
        diagnostics.slice(0, 2).map((d) => d.code),
        ['diagnostics.file-too-large', 'json.syntax'],
      );
      // The size notice counts among the 1,000 listed, the last of which says how many more there were.
      assert.equal(diagnostics.length, 1000);
      assert.match(
        String(diagnostics[999].message),
        /^[\d,]+ more problems are not shown \([\d,]+ errors\): at most 1,000 are listed per manifest\.$/,
      );
      // The status still knows it for a Filer manifest, and its name.
      assert.deepEqual(await client.request('filer/manifestStatus', { uri }), {
        recognized: true,
        name: 'big',
        reason: 'has contributes',
        errors: 999,
        warnings: 0,
      });
      const { peak } = memoryOf(client.pid);
      t.diagnostic(`peak RSS ${peak.toFixed(0)} MiB`);
      assert.ok(peak < 800, `peak ${peak.toFixed(0)} MiB`);
      await client.close(uri);
      assert.equal(client.exited, false);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  },
);

test(
  'a workspace of 2,000 manifests that are not open, each with the diagnostics cap\u2019s worth of findings: the server stays under a few hundred MiB',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async (t) => {
    const files: Record<string, string> = {};
    // One key given 880 times each, each occurrence a finding (cheap to make: what is measured is what the server
    // keeps of them).
    const duplicated = Array.from({ length: 880 }, (_, i) => `"x": ${i}`).join(', ');
    for (let i = 0; i < 2000; i++)
      files[`plugins/p${i}/manifest.json`] =
        `{ "name": "p${i}", "displayName": "P", "version": "1.0.0", "contributes": {}, ${duplicated} }\n`;
    const folder = tempFolder(files);
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: { workspace: { workspaceFolders: true } },
    });
    try {
      await client.waitFor(
        () => (new Set(client.published.map((p) => p.uri)).size === 2000 ? true : undefined),
        300_000,
        'the 2,000 manifests published',
      );
      const { peak } = memoryOf(client.pid);
      t.diagnostic(`peak RSS ${peak.toFixed(0)} MiB`);
      assert.ok(peak < 400, `peak ${peak.toFixed(0)} MiB`);
      const first = client.published.find(
        (p) => p.uri === pathToFileURL(`${folder.root}/plugins/p0/manifest.json`).href,
      )!;
      assert.deepEqual([first.diagnostics.length, first.diagnostics[0].code], [881, 'json.duplicate-key']);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  },
);

test(
  'a workspace of closed 15 MB manifests of millions of numbers, valid or not (ten peaked at 2.6 GB): each is checked for its syntax only, in bounded memory',
  { skip: process.platform !== 'linux' && 'reads /proc', timeout: 300_000 },
  async (t) => {
    const numbers = (separator: string) => Array(7_000_000).fill('1').join(separator);
    const manifest = (name: string, separator: string) =>
      `{ "name": "${name}", "displayName": "Big", "version": "1.0.0", "contributes": {}, "x": [${numbers(separator)}] }`;
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) files[`p${i}/manifest.json`] = manifest(`p${i}`, i % 2 === 0 ? ',' : ' ');
    const folder = tempFolder(files);
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: { workspace: { workspaceFolders: true } },
    });
    try {
      await client.waitFor(
        () => (new Set(client.published.map((p) => p.uri)).size === 4 ? true : undefined),
        240_000,
        'the 4 manifests published',
      );
      const { peak } = memoryOf(client.pid);
      t.diagnostic(`peak RSS ${peak.toFixed(0)} MiB`);
      assert.ok(peak < 700, `peak ${peak.toFixed(0)} MiB`);
      for (const i of [0, 1]) {
        const published = client.published.find(
          (p) => p.uri === pathToFileURL(`${folder.root}/p${i}/manifest.json`).href,
        )!;
        assert.equal(published.diagnostics[0].code, 'diagnostics.too-many-values');
        // The valid one has nothing else to say; the other, its syntax errors (a missing comma between numbers).
        assert.equal(published.diagnostics.length, i === 0 ? 1 : 1000);
      }
    } finally {
      await client.stop();
      folder.cleanup();
    }
  },
);
