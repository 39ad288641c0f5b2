/**
 * The server as each real editor meets it: every test starts the built server with the exact
 * ClientCapabilities one editor declares (clientCapabilities.ts) and does what that editor does.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FileChangeType, type Diagnostic } from 'vscode-languageserver-protocol/node';
import type { ManifestStatus } from '../../server/src/protocol/requests';
import {
  helix2507Capabilities,
  neovim010Capabilities,
  neovim012Capabilities,
  neovim07Capabilities,
  realClients,
  vscodeCapabilities,
} from './clientCapabilities';
import { cursor, handlerText, LspClient, manifest, rawServer, tempFolder } from './lspClient';

type Report = { kind: string; resultId?: string; items?: Diagnostic[] };

function codes(report: Report): string[] {
  return (report.items ?? []).map((d) => String(d.code));
}

describe('every real client gets diagnostics the way it declares', () => {
  for (const { name, capabilities } of realClients) {
    test(name, async () => {
      const folder = tempFolder();
      const client = await LspClient.start({ workspace: folder.root, capabilities });
      try {
        const uri = folder.uri('p/manifest.json');
        await client.open(uri, manifest('"capabilities": ["Bad Tag"]'), 1);
        // Pull for a client that declares it and can be asked to pull again (a refresh); push for every other.
        const workspace = capabilities.workspace as
          { diagnostics?: { refreshSupport?: boolean }; diagnostic?: { refreshSupport?: boolean } } | undefined;
        const pull =
          !!capabilities.textDocument?.diagnostic &&
          !!(workspace?.diagnostics?.refreshSupport || workspace?.diagnostic?.refreshSupport);
        assert.equal(
          client.initializeResult?.capabilities.diagnosticProvider !== undefined,
          pull,
          'diagnosticProvider only for a pull client',
        );
        if (pull) {
          assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), [
            'manifest.capabilities',
          ]);
        } else {
          assert.deepEqual(
            (await client.diagnostics(uri, () => true)).map((d) => d.code),
            ['manifest.capabilities'],
          );
        }
        assert.equal(client.published.length > 0, !pull, 'push only to a client that does not pull');
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });
  }
});

/** Pulls the diagnostics of `uri` until `accept` holds for their codes (a pull client has nothing else to wait for). */
async function pollCodes(
  client: LspClient,
  uri: string,
  accept: (codes: string[]) => boolean,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } }));
    if (accept(found)) return found;
    assert.ok(Date.now() < deadline, `still ${JSON.stringify(found)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('requests the server sends, answered with an error', () => {
  const tool =
    '"contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./t.json", "handler": "./t.js", "annotations": {} } ] }';

  for (const [method, logged] of [
    ['client/registerCapability', 'client/registerCapability (workspace/didChangeWatchedFiles)'],
    ['workspace/configuration', 'workspace/configuration'],
    ['workspace/diagnostic/refresh', 'workspace/diagnostic/refresh'],
    ['workspace/inlayHint/refresh', 'workspace/inlayHint/refresh'],
  ] as const) {
    test(`${method} refused (VS Code's capabilities): the server keeps running and logs it once`, async () => {
      const folder = tempFolder({ 'p/manifest.json': manifest(tool) });
      const client = await LspClient.start({
        workspace: folder.root,
        capabilities: vscodeCapabilities,
        refuse: [method],
      });
      try {
        const uri = folder.uri('p/manifest.json');
        await client.open(uri, manifest(tool));
        await client.waitFor(
          () => (client.configurationRequests > 0 ? true : undefined),
          5000,
          'the settings to be asked for',
        );
        // A settings change makes the server ask for the settings again and refresh diagnostics and inlay hints: twice.
        for (const severity of ['warning', 'off']) {
          client.settings = { rules: { 'files.missing': severity } };
          await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
          await client.waitFor(
            () =>
              client.refused.filter((m) => m === method).length >= (method === 'client/registerCapability' ? 2 : 1)
                ? true
                : undefined,
            5000,
            `${method} refused`,
          );
          const status = await client.request<ManifestStatus>('filer/manifestStatus', { uri });
          assert.equal(status.recognized, true);
        }
        // Refused more than once (the registration of the settings and the watcher, the rest on each change), logged
        // once.
        await client.waitFor(
          () => (client.refused.filter((m) => m === method).length >= 2 ? true : undefined),
          5000,
          `${method} refused twice`,
        );
        await client.request('filer/manifestStatus', { uri });
        assert.equal(client.exited, false, `the server exited:\n${client.logs.join('\n')}`);
        const lines = client.logs
          .join('\n')
          .split('\n')
          .filter((line) => line.includes(`answered ${logged} with an error`));
        assert.equal(lines.length, 1, client.logs.join('\n'));
      } finally {
        await client.stop();
        folder.cleanup();
      }
    });
  }

  test('a refused watcher registration: the server does not count on watched-file events (a file created on disk is seen)', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText });
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: vscodeCapabilities,
      refuse: ['client/registerCapability'],
    });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, manifest(tool));
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), [
        'files.missing',
      ]);
      folder.write('p/t.json', '{ "type": "object" }');
      // No didChangeWatchedFiles comes: the editor refused to watch.
      assert.deepEqual(await pollCodes(client, uri, (found) => found.length === 0, 8000), []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('requests without params or with malformed params', () => {
  const methods = [
    'filer/manifestStatus',
    'filer/contextMenu',
    'textDocument/completion',
    'textDocument/hover',
    'textDocument/codeAction',
    'textDocument/definition',
    'textDocument/references',
    'textDocument/prepareRename',
    'textDocument/rename',
    'textDocument/documentLink',
    'textDocument/documentSymbol',
    'textDocument/inlayHint',
    'textDocument/diagnostic',
    'workspace/diagnostic',
  ];

  test('each gets a JSON-RPC error answer (and a malformed notification is dropped), and the server keeps running', async () => {
    const server = await rawServer();
    try {
      let id = 1;
      for (const method of methods) {
        for (const params of [undefined, [], null, [null], 7, { textDocument: 'x' }, { uri: 7 }]) {
          const sent = id++;
          server.request(sent, method, params);
          const answer = await server.answer(sent);
          assert.ok(
            answer.error,
            `${method} with params ${JSON.stringify(params)} answered ${JSON.stringify(answer)}, not an error`,
          );
        }
      }
      // Notifications have no answer; malformed ones must not stop the server either.
      for (const method of [
        'textDocument/didOpen',
        'textDocument/didChange',
        'textDocument/didSave',
        'textDocument/didClose',
        'workspace/didChangeWatchedFiles',
        'workspace/didChangeConfiguration',
        'workspace/didChangeWorkspaceFolders',
      ]) {
        for (const params of [undefined, [], null, 7, { textDocument: 'x' }, { changes: [null] }, { event: null }])
          server.notify(method, params);
      }
      server.request(id, 'filer/manifestStatus', { uri: 'file:///nowhere/manifest.json' });
      assert.equal(((await server.answer(id)).result as ManifestStatus).recognized, false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.ok(server.running());
    } finally {
      server.stop();
    }
  });
});

describe('pull diagnostics resultIds (Neovim 0.12 keeps previousResultId across :edit)', () => {
  test('a document closed and opened again, with another text or the same, gets a full report', async () => {
    const folder = tempFolder();
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim012Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      const broken = manifest('"capabilities": ["Bad Tag"]');
      await client.open(uri, broken, 0);
      const first = await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codes(first), ['manifest.capabilities']);
      // `git checkout` fixed the file on disk; `:e` reloads the buffer (Neovim numbers its versions anew).
      await client.close(uri);
      await client.open(uri, manifest('"capabilities": ["good"]'), 0);
      const reloaded = await client.request<Report>('textDocument/diagnostic', {
        textDocument: { uri },
        previousResultId: first.resultId,
      });
      assert.equal(reloaded.kind, 'full');
      assert.deepEqual(codes(reloaded), []);
      // Broken again on disk and reloaded: the same text and version as the first time, still a full report.
      await client.close(uri);
      await client.open(uri, broken, 0);
      const again = await client.request<Report>('textDocument/diagnostic', {
        textDocument: { uri },
        previousResultId: reloaded.resultId,
      });
      assert.equal(again.kind, 'full');
      assert.deepEqual(codes(again), ['manifest.capabilities']);
      for (const previous of [first, reloaded]) {
        const report = await client.request<Report>('textDocument/diagnostic', {
          textDocument: { uri },
          previousResultId: previous.resultId,
        });
        assert.equal(report.kind, 'full', `${previous.resultId} is not taken for the text open now`);
      }
      assert.deepEqual(
        await client.request<Report>('textDocument/diagnostic', {
          textDocument: { uri },
          previousResultId: again.resultId,
        }),
        { kind: 'unchanged', resultId: again.resultId },
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('settings from workspace/configuration reach the first manifest (Neovim 0.12)', () => {
  const badTag = manifest('"capabilities": ["Bad Tag"]');

  test('a pull sent at once after initialized waits for the settings; after a change, the workspace pull Neovim answers a refresh with carries the open document', async () => {
    const folder = tempFolder();
    // The editor is slow to answer: the first pull arrives before the settings do.
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: neovim012Capabilities,
      settings: { rules: { 'manifest.capabilities': 'off' } },
      configurationDelayMs: 500,
    });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, badTag, 0);
      const first = await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codes(first), [], 'the user turned manifest.capabilities off');

      const refreshes = client.refreshes.length;
      client.settings = { rules: { 'manifest.capabilities': 'warning' } };
      await client.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { filerManifest: client.settings },
      });
      await client.waitFor(
        () => (client.refreshes.slice(refreshes).includes('workspace/diagnostic/refresh') ? true : undefined),
        5000,
        'a diagnostic refresh',
      );
      // Neovim 0.12 answers the refresh with workspace/diagnostic alone, naming what it holds.
      const workspace = await client.request<{ items: (Report & { uri: string; version: number | null })[] }>(
        'workspace/diagnostic',
        { previousResultIds: [{ uri, value: first.resultId }] },
      );
      const open = workspace.items.find((item) => item.uri === uri);
      assert.ok(open, `the open document is in the workspace report: ${JSON.stringify(workspace)}`);
      assert.equal(open.kind, 'full');
      assert.equal(open.version, 0);
      assert.deepEqual(
        open.items!.map((d) => [d.code, d.severity]),
        [['manifest.capabilities', 2]],
      );
      // Held and current: not sent again.
      const again = await client.request<{ items: { uri: string }[] }>('workspace/diagnostic', {
        previousResultIds: [{ uri, value: open.resultId }],
      });
      assert.deepEqual(
        again.items.filter((item) => item.uri === uri),
        [],
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('initializationOptions.workspaceDiagnostics: false (for Neovim 0.12, which answers a refresh with a workspace pull only): the server offers document pulls alone', async () => {
    const folder = tempFolder();
    for (const [initializationOptions, offered] of [
      [undefined, true],
      [{ workspaceDiagnostics: false }, false],
    ] as const) {
      const client = await LspClient.start({
        workspace: folder.root,
        capabilities: neovim012Capabilities,
        initializationOptions,
      });
      try {
        const provider = client.initializeResult?.capabilities.diagnosticProvider as
          { workspaceDiagnostics?: boolean } | undefined;
        assert.equal(provider?.workspaceDiagnostics, offered);
      } finally {
        await client.stop();
      }
    }
    folder.cleanup();
  });

  test('workspace/diagnostic sent at once after initialized answers with the manifests of the folder, not an empty report', async () => {
    const folder = tempFolder({ 'closed/manifest.json': badTag });
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: neovim012Capabilities,
      configurationDelayMs: 300,
    });
    try {
      const report = await client.request<{ items: (Report & { uri: string })[] }>('workspace/diagnostic', {
        previousResultIds: [],
      });
      assert.deepEqual(
        report.items.map((item) => [item.uri, codes(item)]),
        [[folder.uri('closed/manifest.json'), ['manifest.capabilities']]],
      );
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('settings from initializationOptions', () => {
  test('stay in force when workspace/configuration answers null for the section (Neovim with init_options only)', async () => {
    const badTag = manifest('"capabilities": ["Bad Tag"]');
    const folder = tempFolder();
    const initializationOptions = { settings: { filerManifest: { rules: { 'manifest.capabilities': 'off' } } } };
    const client = await LspClient.start({
      workspace: folder.root,
      capabilities: neovim012Capabilities,
      initializationOptions,
      settings: null,
    });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, badTag, 0);
      const report = await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codes(report), []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

describe('completion after a lone " on a new line', () => {
  test('offers no key the object already has, before or after the line being typed', async () => {
    const folder = tempFolder();
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim012Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      const { text, position } = cursor(
        '{\n  "contributes": {},\n  "name": "x",\n  "|\n  "version": "1.0.0",\n  "displayName": "X",\n  "permissions": { "store": true }\n}\n',
      );
      await client.open(uri, text, 0);
      const items = await client.request<{ label: string }[]>('textDocument/completion', {
        textDocument: { uri },
        position,
      });
      const labels = items.map((item) => item.label);
      assert.ok(labels.includes('description'), `keys are offered: ${labels.join(', ')}`);
      for (const present of ['name', 'version', 'displayName', 'permissions'])
        assert.ok(!labels.includes(present), `${present} is offered again: ${labels.join(', ')}`);
      // The same inside a nested object.
      const nested = cursor(
        '{\n  "contributes": {}, "name": "x", "displayName": "X", "version": "1.0.0",\n  "permissions": {\n    "|\n    "store": true,\n    "log": true\n  }\n}\n',
      );
      await client.replaceText(uri, nested.text);
      const inner = (
        await client.request<{ label: string }[]>('textDocument/completion', {
          textDocument: { uri },
          position: nested.position,
        })
      ).map((item) => item.label);
      assert.ok(inner.includes('toast'), `permission keys are offered: ${inner.join(', ')}`);
      for (const present of ['store', 'log'])
        assert.ok(!inner.includes(present), `${present} is offered again: ${inner.join(', ')}`);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });
});

/** The inodes of the directories a process watches with inotify (Linux: /proc/<pid>/fdinfo). */
function inotifyWatchedInodes(pid: number): number[] {
  const inodes: number[] = [];
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string;
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    if (target !== 'anon_inode:inotify') continue;
    for (const match of readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').matchAll(/^inotify wd:\S+ ino:([0-9a-f]+)/gm))
      inodes.push(parseInt(match[1], 16));
  }
  return inodes;
}

describe('files a manifest names, changed on disk or in the editor', () => {
  const tool = manifest(
    '"contributes": { "tools": [ { "id": "t", "title": "T", "description": "Counts the words in a text file.", "schema": "./t.schema.json", "handler": "./t.js", "annotations": {} } ] }',
  );

  test('Neovim 0.12 (no file watchers on Linux): a schema created on disk, as a quick fix does, is seen without an edit (the server watches the plugin folder and asks for a refresh)', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText });
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim012Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, tool, 0);
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), [
        'files.missing',
      ]);
      assert.deepEqual(
        client.registrations.map((r) => r.method),
        [],
        'Neovim on Linux is not asked to watch',
      );
      const refreshes = client.refreshes.length;
      folder.write('p/t.schema.json', '{ "type": "object" }');
      await client.waitFor(
        () => (client.refreshes.slice(refreshes).includes('workspace/diagnostic/refresh') ? true : undefined),
        5000,
        'a refresh after the file appeared',
      );
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('Neovim 0.7 (push, no file watchers): a handler deleted and created again on disk is published at once', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText, 'p/t.schema.json': '{ "type": "object" }' });
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim07Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, tool, 0);
      assert.deepEqual(await client.diagnostics(uri, () => true), []);
      unlinkSync(join(folder.root, 'p/t.js'));
      assert.deepEqual(
        (await client.diagnostics(uri, (p) => p.diagnostics.length > 0, 5000)).map((d) => d.code),
        ['files.missing'],
      );
      folder.write('p/t.js', 'export default () => 1;');
      await client.diagnostics(uri, (p) => p.diagnostics.length === 0, 5000);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('a tool schema open in the editor: its unsaved text is what the manifest reads; closed, the file on disk again', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText, 'p/t.schema.json': '{ "type": "object" }' });
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim012Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      const schema = folder.uri('p/t.schema.json');
      await client.open(uri, tool, 0);
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), []);
      let refreshes = client.refreshes.length;
      await client.open(schema, '{ "type": "object" }', 0);
      await client.replaceText(schema, '{ "type": ');
      await client.waitFor(
        () => (client.refreshes.length > refreshes ? true : undefined),
        5000,
        'a refresh after the schema was edited',
      );
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), [
        'tools.schema-not-json',
      ]);
      refreshes = client.refreshes.length;
      await client.close(schema);
      await client.waitFor(
        () => (client.refreshes.length > refreshes ? true : undefined),
        5000,
        'a refresh after the schema was closed',
      );
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('Neovim 0.10 pulls but cannot be asked to pull again: it is pushed to, so an unsaved schema edit and :bd! reach the manifest', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText, 'p/t.schema.json': '{ "type": "object" }' });
    const client = await LspClient.start({ workspace: folder.root, capabilities: neovim010Capabilities });
    try {
      // No diagnosticProvider: Neovim 0.10 then takes the pushed diagnostics, in one namespace.
      assert.equal(client.initializeResult?.capabilities.diagnosticProvider, undefined);
      const uri = folder.uri('p/manifest.json');
      const schema = folder.uri('p/t.schema.json');
      await client.open(uri, tool, 0);
      assert.deepEqual(
        (await client.diagnostics(uri, () => true)).map((d) => d.code),
        [],
      );
      await client.open(schema, '{ "type": "object" }', 0);
      await client.replaceText(schema, '{ "type": ');
      const broken = await client.diagnostics(uri, (p) => p.diagnostics.length > 0, 5000);
      assert.deepEqual(
        broken.map((d) => d.code),
        ['tools.schema-not-json'],
      );
      // :bd! closes the buffer unsaved: the file on disk counts again.
      await client.close(schema);
      await client.diagnostics(
        uri,
        (p) =>
          p.diagnostics.length === 0 &&
          client.published.indexOf(p) > client.published.findIndex((q) => q.diagnostics.length > 0),
        5000,
      );
      assert.deepEqual(client.refreshes, []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('Helix: its `workspace.diagnostic.refreshSupport` is honoured (a refresh after a watched file changed)', async () => {
    const folder = tempFolder({ 'p/t.js': handlerText });
    const client = await LspClient.start({ workspace: folder.root, capabilities: helix2507Capabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      await client.open(uri, tool, 0);
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), [
        'files.missing',
      ]);
      await client.waitFor(
        () => (client.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles') ? true : undefined),
        5000,
        'the watcher registration',
      );
      folder.write('p/t.schema.json', '{ "type": "object" }');
      await client.fileChanged(folder.uri('p/t.schema.json'), FileChangeType.Changed);
      await client.waitFor(
        () => (client.refreshes.includes('workspace/diagnostic/refresh') ? true : undefined),
        5000,
        'a diagnostic refresh',
      );
      assert.deepEqual(codes(await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })), []);
    } finally {
      await client.stop();
      folder.cleanup();
    }
  });

  test('the server watches only inside plugin folders, a bounded number of directories, never through a link, only for clients that cannot watch, until shutdown', async () => {
    const outside = tempFolder({ 'secret/deeper/x': '' });
    const folder = tempFolder({
      'p/t.js': handlerText,
      'p/t.schema.json': '{ "type": "object" }',
      'other/readme.md': '',
    });
    for (let i = 0; i < 600; i++) mkdirSync(join(folder.root, `p/data/d${i}`), { recursive: true });
    mkdirSync(join(folder.root, 'p/node_modules/dep'), { recursive: true });
    symlinkSync(join(outside.root, 'secret'), join(folder.root, 'p/linked'));
    const neovim = await LspClient.start({ workspace: folder.root, capabilities: neovim012Capabilities });
    const vscode = await LspClient.start({ workspace: folder.root, capabilities: vscodeCapabilities });
    try {
      const uri = folder.uri('p/manifest.json');
      for (const client of [neovim, vscode]) {
        await client.open(uri, tool, 0);
        await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      }
      const watched = new Set(inotifyWatchedInodes(neovim.pid));
      assert.ok(watched.has(statSync(join(folder.root, 'p')).ino), 'the plugin folder is watched');
      assert.ok(watched.size <= 512, `${watched.size} directories watched`);
      for (const unwatched of [
        join(outside.root, 'secret'),
        join(outside.root, 'secret/deeper'),
        join(folder.root, 'other'),
        folder.root,
        join(folder.root, 'p/node_modules'),
      ]) {
        assert.ok(!watched.has(statSync(unwatched).ino), `${unwatched} is watched`);
      }
      assert.match(neovim.logs.join('\n'), /more than 512 directories/);
      assert.deepEqual(inotifyWatchedInodes(vscode.pid), [], 'VS Code watches files itself');
      // Shut down (the process waits for `exit`): nothing is watched any more.
      await neovim.request('shutdown', undefined);
      assert.deepEqual(inotifyWatchedInodes(neovim.pid), []);
    } finally {
      await neovim.stop();
      await vscode.stop();
      folder.cleanup();
      outside.cleanup();
    }
  });
});
