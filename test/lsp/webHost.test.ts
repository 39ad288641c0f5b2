/**
 * The server on the web host (server/src/web/webHost.ts): the same server core, over a real LSP connection (in memory,
 * in this process), reading the plugin folder only through the client's `filer/fs/*` requests, which the client here
 * answers from a real folder on disk as the extension's browser client answers them with `workspace.fs` (a link's
 * type carries the SymbolicLink bit, its target's type beside it). What it reports is what the Node server, reading
 * the disk itself, reports on the same folder; a client that answers garbage, errors, too much or nothing costs one
 * finding on that file, never the server.
 */
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type ProtocolConnection,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { startServer } from '../../server/src/lsp/server';
import { readDirectoryMethod, readFileMethod, statMethod } from '../../server/src/protocol/requests';
import { WebHost } from '../../server/src/web/webHost';
import {
  applyWorkspaceEdit,
  editorCapabilities,
  handlerText,
  LspClient,
  repositoryRoot,
  tempFolder,
} from './lspClient';

/** How the client answers one of the server's file requests: from the disk, or something else for the fuzz. */
type Answerer = (method: string, params: { uri: string; maxBytes?: number }) => unknown;

/** The answers the browser client gives (client/src/browser.ts), made with Node's fs instead of workspace.fs. */
const fromDisk: Answerer = (method, params) => {
  const file = new URL(params.uri).pathname;
  const stat = statOrNull(file);
  if (method === statMethod) return stat;
  if (!stat) return null;
  if (method === readFileMethod) {
    if (stat.size > (params.maxBytes ?? 0)) return { tooLarge: stat.size };
    return { text: readFileSync(file, 'utf8') };
  }
  if (method === readDirectoryMethod)
    return readdirSync(file).map((name) => [name, statOrNull(join(file, name))?.type ?? 0]);
  throw new Error(`unknown request ${method}`);
};

/** VS Code's FileStat of a path: its target's type, with the SymbolicLink bit (64) when it is a link. */
function statOrNull(file: string): { type: number; size: number; mtime: number } | null {
  let link;
  try {
    link = lstatSync(file);
  } catch {
    return null;
  }
  let target;
  try {
    target = statSync(file);
  } catch {
    return { type: 64, size: 0, mtime: link.mtimeMs };
  }
  const type = (target.isFile() ? 1 : target.isDirectory() ? 2 : 0) | (link.isSymbolicLink() ? 64 : 0);
  return { type, size: target.size, mtime: target.mtimeMs };
}

/** The server core with the web host, connected in memory to a client whose file answers `answer` gives. */
class WebClient {
  readonly asked: string[] = [];
  /** The edits the server asked to apply (`workspace/applyEdit`, declared only with `applyEdit`), each answered so. */
  readonly applied: { edit: { documentChanges?: unknown[] } }[] = [];
  private constructor(readonly connection: ProtocolConnection) {}

  static async start(workspace: string, answer: Answerer, serveFiles = true, applyEdit = false): Promise<WebClient> {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConnection = createConnection(
      ProposedFeatures.all,
      new StreamMessageReader(toServer),
      new StreamMessageWriter(toClient),
    );
    startServer(serverConnection, new WebHost(serverConnection), { text: () => undefined, link: () => undefined });
    const connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const client = new WebClient(connection);
    for (const method of [statMethod, readFileMethod, readDirectoryMethod])
      connection.onRequest(method, (params: { uri: string }) => {
        client.asked.push(`${method} ${params.uri}`);
        return answer(method, params);
      });
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/diagnostic/refresh', () => null);
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.onRequest('workspace/applyEdit', (params: { edit: { documentChanges?: unknown[] } }) => {
      client.applied.push(params);
      return { applied: true };
    });
    connection.listen();
    const uri = new URL(`file://${workspace}`).href;
    await connection.sendRequest('initialize', {
      processId: null,
      rootUri: uri,
      workspaceFolders: [{ uri, name: 'workspace' }],
      capabilities: applyEdit
        ? { ...editorCapabilities({ pull: true }), workspace: { ...editorCapabilities().workspace, applyEdit: true } }
        : editorCapabilities({ pull: true }),
      initializationOptions: serveFiles ? { serveFiles: true } : {},
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  async open(file: string, languageId = 'json'): Promise<string> {
    const uri = new URL(`file://${file}`).href;
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text: readFileSync(file, 'utf8') },
    });
    return uri;
  }

  async pull(uri: string): Promise<Diagnostic[]> {
    const report = (await withTimeout(
      this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } }),
      20_000,
      `diagnostics of ${uri}`,
    )) as DocumentDiagnosticReport;
    assert.equal(report.kind, 'full');
    return report.kind === 'full' ? report.items : [];
  }

  stop(): void {
    this.connection.dispose();
  }
}

async function withTimeout<T>(promise: PromiseLike<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer for ${what} within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (diagnostic: Diagnostic): string =>
  typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
/** What a diagnostic says, in a comparable line. */
const line = (diagnostic: Diagnostic) =>
  `${diagnostic.range.start.line}:${diagnostic.range.start.character} ${String(diagnostic.code)} ${messageOf(diagnostic)}`;

/** The Node server's pulled diagnostics of the same files, reading the disk itself. */
async function fromNodeServer(workspace: string, files: string[]): Promise<string[][]> {
  const client = await LspClient.start({ workspace, capabilities: editorCapabilities({ pull: true }) });
  try {
    const found: string[][] = [];
    for (const file of files) {
      const uri = new URL(`file://${file}`).href;
      await client.open(uri, readFileSync(file, 'utf8'), 1, file.endsWith('.js') ? 'javascript' : 'json');
      const report = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', {
        textDocument: { uri },
      });
      found.push(report.kind === 'full' ? report.items.map(line) : []);
    }
    return found;
  } finally {
    await client.stop();
  }
}

describe('the server on the web host, its files read through the client', () => {
  const example = join(repositoryRoot, 'examples/broken-everything');
  const manifest = join(example, 'manifest.json');
  const handler = join(example, 'tools/fetch-notes.js');

  test("examples/broken-everything: the manifest's and a handler's diagnostics are the Node server's", async () => {
    const web = await WebClient.start(example, fromDisk);
    try {
      const found = [await web.pull(await web.open(manifest)), await web.pull(await web.open(handler, 'javascript'))];
      const expected = await fromNodeServer(example, [manifest, handler]);
      assert.ok(expected[0].length > 10 && expected[1].length > 0, 'the example has findings in both files');
      assert.deepEqual(
        found.map((items) => items.map(line)),
        expected,
      );
      assert.ok(!found.flat().some((diagnostic) => messageOf(diagnostic).includes('not read yet')));
      assert.ok(
        web.asked.every((asked) => asked.includes(new URL(`file://${example}`).href)),
        'nothing outside asked',
      );
    } finally {
      web.stop();
    }
  });

  test('a filer-manifest.config.json is read through the client, and its rules apply', async () => {
    const folder = tempFolder({
      'filer-manifest.config.json': '{ "rules": { "manifest.unknown-key": "off" } }\n',
      'plugin/manifest.json': '{\n  "name": "a",\n  "displayName": "A",\n  "version": "1.0.0",\n  "homepage": "x"\n}\n',
    });
    const web = await WebClient.start(folder.root, fromDisk);
    try {
      const uri = await web.open(join(folder.root, 'plugin/manifest.json'));
      assert.deepEqual(
        (await web.pull(uri)).map((d) => `${d.code} ${String(d.message)}`),
        [],
        'the config file read, and manifest.unknown-key off',
      );
    } finally {
      web.stop();
      folder.cleanup();
    }
  });

  test('Suppress <code> in filer-manifest.config.json: the config file read through the client, its entry added', async () => {
    const folder = tempFolder({
      'filer-manifest.config.json': '{\n  "rules": {}\n}\n',
      'plugin/manifest.json': '{\n  "name": "a",\n  "displayName": "A",\n  "version": "1.0.0",\n  "homepage": "x"\n}\n',
    });
    const web = await WebClient.start(folder.root, fromDisk, true, true);
    try {
      const uri = await web.open(join(folder.root, 'plugin/manifest.json'));
      const found = (await web.pull(uri)).find((d) => d.code === 'manifest.unknown-key');
      assert.ok(found, 'the unknown key reported');
      const actions = (await web.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: found.range,
        context: { diagnostics: [found], only: ['quickfix'] },
      })) as { title: string; command?: { command: string; arguments?: unknown[] } }[];
      const action = actions.find((a) => a.title === 'Suppress manifest.unknown-key in filer-manifest.config.json');
      assert.ok(action?.command, actions.map((a) => a.title).join(' | '));
      await web.connection.sendRequest('workspace/executeCommand', action.command);
      const [applied] = web.applied;
      assert.ok(applied, 'an edit applied');
      const written = applyWorkspaceEdit(applied.edit as WorkspaceEdit, new Map()).get(
        folder.uri('filer-manifest.config.json'),
      );
      assert.deepEqual(JSON.parse(written ?? ''), {
        rules: {},
        suppress: [
          {
            file: 'plugin/manifest.json',
            at: '/homepage',
            rule: 'manifest.unknown-key',
            reason: 'TODO: why this is acceptable',
          },
        ],
      });
    } finally {
      web.stop();
      folder.cleanup();
    }
  });

  describe('a changed file', () => {
    const folder = tempFolder();
    after(() => folder.cleanup());
    test('is read again when the client reports the change, not before', async () => {
      folder.write('manifest.json', readFileSync(join(repositoryRoot, 'examples/word-count/manifest.json'), 'utf8'));
      for (const name of readdirSync(join(repositoryRoot, 'examples/word-count/tools')))
        folder.write(`tools/${name}`, readFileSync(join(repositoryRoot, 'examples/word-count/tools', name), 'utf8'));
      const web = await WebClient.start(folder.root, fromDisk);
      try {
        const uri = await web.open(join(folder.root, 'manifest.json'));
        const before = (await web.pull(uri)).map(line);
        const schemaName = readdirSync(join(folder.root, 'tools')).find((name) => name.endsWith('.schema.json'))!;
        folder.write(`tools/${schemaName}`, '{ not json');
        assert.deepEqual((await web.pull(uri)).map(line), before, 'unreported: what was read stands');
        await web.connection.sendNotification('workspace/didChangeWatchedFiles', {
          changes: [{ uri: folder.uri(`tools/${schemaName}`), type: 2 }],
        });
        const after_ = (await web.pull(uri)).map(line);
        assert.notDeepEqual(after_, before, 'reported: the schema is read again');
        const [expected] = await fromNodeServer(folder.root, [join(folder.root, 'manifest.json')]);
        assert.deepEqual(after_, expected);
      } finally {
        web.stop();
      }
    });
  });

  describe('links, `..` and a client that does not serve files', () => {
    const outside = tempFolder({ 'secret.js': handlerText, 'schema.json': '{ "type": "object" }' });
    const folder = tempFolder({ 'h.js': handlerText });
    after(() => {
      folder.cleanup();
      outside.cleanup();
    });
    test('a link out of the folder and a `..` path are refused as on the disk; nothing outside is asked', async () => {
      symlinkSync(join(outside.root, 'secret.js'), join(folder.root, 'linked.js'));
      symlinkSync(outside.root, join(folder.root, 'linked-folder'));
      folder.write(
        'manifest.json',
        JSON.stringify({
          name: 'links',
          displayName: 'Links',
          version: '1.0.0',
          contributes: {
            tools: [
              tool('a', './linked.js', './linked-folder/schema.json'),
              tool('b', '../outside/secret.js', './h.js'),
            ],
          },
        }),
      );
      const web = await WebClient.start(folder.root, fromDisk);
      try {
        const found = (await web.pull(await web.open(join(folder.root, 'manifest.json')))).map(line);
        const [expected] = await fromNodeServer(folder.root, [join(folder.root, 'manifest.json')]);
        assert.deepEqual(found, expected);
        assert.ok(!web.asked.some((asked) => asked.includes(new URL(`file://${outside.root}`).href)));
        assert.ok(!web.asked.some((asked) => asked.includes('..')));
      } finally {
        web.stop();
      }
    });

    test('a client that does not say it serves files is asked nothing: each named file has a finding saying so', async () => {
      folder.write(
        'manifest.json',
        JSON.stringify({
          name: 'h',
          displayName: 'H',
          version: '1.0.0',
          contributes: { tools: [tool('a', './h.js')] },
        }),
      );
      const web = await WebClient.start(folder.root, fromDisk, false);
      try {
        const found = await web.pull(await web.open(join(folder.root, 'manifest.json')));
        assert.deepEqual(web.asked, []);
        assert.ok(
          found.some((diagnostic) => messageOf(diagnostic).includes('does not serve files')),
          found.map(line).join('\n'),
        );
      } finally {
        web.stop();
      }
    });
  });

  test('a client answering garbage, errors, huge texts or `..` names: one finding on the file, never a crash', async () => {
    const garbage = fc.oneof(
      fc.jsonValue(),
      fc.constant({ text: 'x'.repeat(17 * 1024 * 1024) }),
      fc.constant({ tooLarge: -1 }),
      fc.constant({ type: 1, size: Number.MAX_VALUE, mtime: 0 }),
      fc.constant([
        ['..', 2],
        ['a/b', 1],
        ['', 1],
      ]),
      fc.constant(new Array(200_000).fill(['x', 1])),
      fc.constant('throw'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(garbage, { minLength: 1, maxLength: 6 }), async (answers) => {
        let count = 0;
        const hostile: Answerer = (method, params) => {
          const answer = answers[count++ % answers.length];
          if (answer === 'throw') throw new Error(`refused ${method}`);
          // Every other request answered truly: the hostile ones land on different files each run.
          return count % 2 === 0 ? fromDisk(method, params) : answer;
        };
        const web = await WebClient.start(example, hostile);
        try {
          const found = await web.pull(await web.open(manifest));
          for (const diagnostic of found) {
            assert.ok(messageOf(diagnostic).length < 2000, `a message quotes at most a little: ${line(diagnostic)}`);
          }
          // Still answering.
          const hover = await withTimeout(
            web.connection.sendRequest('textDocument/hover', {
              textDocument: { uri: new URL(`file://${manifest}`).href },
              position: { line: 1, character: 5 },
            }),
            10_000,
            'hover',
          );
          assert.ok(hover === null || typeof hover === 'object');
        } finally {
          web.stop();
        }
      }),
      { seed: 36, numRuns: 12 },
    );
  });
});

function tool(id: string, handler: string, schema?: string): Record<string, unknown> {
  return {
    id,
    title: 'T',
    description: 'Counts the words of the selected notes and says how many there are.',
    ...(schema ? { schema } : { parameters: { type: 'object', properties: {} } }),
    handler,
    annotations: { readOnlyHint: true },
  };
}
