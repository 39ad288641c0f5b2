/**
 * A small LSP client for the tests: it starts the BUILT server (dist/server.js) as a process and
 * speaks JSON-RPC to it as an editor would, over stdio (or Node IPC), answering the server's own
 * requests (configuration, registrations, refreshes) and collecting published diagnostics.
 */
import assert from 'node:assert/strict';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ApplyWorkspaceEditRequest,
  ConfigurationRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ErrorCodes,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  IPCMessageReader,
  IPCMessageWriter,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ResponseError,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ApplyWorkspaceEditParams,
  type ClientCapabilities,
  type Diagnostic,
  type FileChangeType,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Registration,
  type TextDocumentContentChangeEvent,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { vscodeCapabilities } from './clientCapabilities';

export const repositoryRoot = resolve(__dirname, '../../..');
export const serverPath = join(repositoryRoot, 'dist/server.js');
export const fixturesRoot = join(repositoryRoot, 'test/lsp/fixtures');

/**
 * A copy of the Node server in `folder` (readable by any user): dist/server.js and the server core it requires,
 * dist/server-web.js (scripts/build.mjs). Returns the copy of server.js.
 */
export function copyServer(folder: string): string {
  for (const name of ['server.js', 'server-web.js']) {
    copyFileSync(join(repositoryRoot, 'dist', name), join(folder, name));
    chmodSync(join(folder, name), 0o644);
  }
  return join(folder, 'server.js');
}
/** A handler module with something in it, for a fixture that needs the file there (an empty one is files.empty). */
export const handlerText = "module.exports = async () => 'done';\n";

/** What VS Code declares that the server reads; tests switch parts off to see the other paths. */
export function editorCapabilities(overrides: { pull?: boolean; snippets?: boolean } = {}): ClientCapabilities {
  return {
    workspace: {
      configuration: true,
      didChangeConfiguration: { dynamicRegistration: true },
      didChangeWatchedFiles: { dynamicRegistration: true },
      workspaceFolders: true,
      workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
      diagnostics: { refreshSupport: true },
      inlayHint: { refreshSupport: true },
    },
    textDocument: {
      synchronization: { dynamicRegistration: false },
      completion: { completionItem: { snippetSupport: overrides.snippets ?? true } },
      publishDiagnostics: { versionSupport: true },
      ...(overrides.pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
    },
  };
}

export interface StartOptions {
  /** The workspace folder; none when undefined. */
  workspace?: string;
  capabilities?: ClientCapabilities;
  /** The `filerManifest` settings the client answers `workspace/configuration` with. */
  /** The `filerManifest` section `workspace/configuration` answers with; null: the client has none. */
  settings?: Record<string, unknown> | null;
  transport?: 'stdio' | 'ipc';
  /** Another copy of the bundle (a user other than root must be able to read it); dist/server.js by default. */
  server?: string;
  /** Run the server as this user (stdio only): root reads any file whatever its mode. */
  user?: { uid: number; gid: number };
  /**
   * Requests from the server (configuration, registration, refreshes) the client answers with an error, as a client
   * may.
   */
  refuse?: string[];
  /** How long the client takes to answer `workspace/configuration`, as a busy editor may. */
  configurationDelayMs?: number;
  /** `initializationOptions`, as an editor sends them. */
  initializationOptions?: unknown;
  /**
   * How `initialize` names the workspace: as a workspace folder and `rootUri` (by default), or only as `rootPath` with
   * `workspaceFolders: []` and `rootUri: null`, as Helix does where no root marker is found above the file.
   */
  workspaceNamedBy?: 'folders' | 'rootPath';
}

export class LspClient {
  /** Every publishDiagnostics, in arrival order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly registrations: Registration[] = [];
  readonly refreshes: string[] = [];
  /** What the server answered to `initialize`. */
  initializeResult: InitializeResult | undefined;
  /** How many `workspace/configuration` requests the server sent. */
  configurationRequests = 0;
  /** The server's requests answered with an error because the test refused them. */
  readonly refused: string[] = [];
  readonly logs: string[] = [];
  /** Every window/logMessage, in arrival order. */
  readonly logMessages: { type: number; message: string }[] = [];
  /** Every window/showMessage, as `type: message`. */
  readonly messages: string[] = [];
  /** Every edit the server asked the client to apply (`workspace/applyEdit`), each answered as applied. */
  readonly appliedEdits: ApplyWorkspaceEditParams[] = [];
  settings: Record<string, unknown> | null;
  private readonly versions = new Map<string, number>();
  private readonly texts = new Map<string, string>();
  private waiters: (() => void)[] = [];

  private constructor(
    readonly connection: ProtocolConnection,
    private readonly process: ChildProcess,
    settings: Record<string, unknown> | null,
  ) {
    this.settings = settings;
  }

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const server = options.server ?? serverPath;
    assert.ok(existsSync(server), `${server} is missing: run node scripts/build.mjs first`);
    const ipc = options.transport === 'ipc';
    const child = ipc
      ? fork(server, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
      : spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], ...options.user });
    const connection = ipc
      ? createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
      : createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(connection, child, options.settings === undefined ? {} : options.settings);
    child.stderr?.on('data', (chunk: Buffer) => client.logs.push(chunk.toString()));

    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      client.published.push(params);
      client.wake();
    });
    connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
      client.logs.push(params.message);
      client.logMessages.push(params);
      client.wake();
    });
    const refusing = (method: string): ResponseError<void> | undefined => {
      if (!options.refuse?.includes(method)) return undefined;
      client.refused.push(method);
      client.wake();
      return new ResponseError(ErrorCodes.InternalError, 'refused');
    };
    connection.onRequest(ConfigurationRequest.type, async (params) => {
      client.configurationRequests++;
      client.wake();
      if (options.configurationDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.configurationDelayMs));
      return (
        refusing(ConfigurationRequest.method) ??
        params.items.map((item) => (item.section === 'filerManifest' ? client.settings : null))
      );
    });
    connection.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
      client.appliedEdits.push(params);
      client.wake();
      return { applied: true };
    });
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => {
      client.messages.push(`${params.type}: ${params.message}`);
      client.wake();
    });
    connection.onRequest(RegistrationRequest.type, (params) => {
      const refused = refusing(RegistrationRequest.method);
      if (refused) return refused;
      client.registrations.push(...params.registrations);
      client.wake();
      return undefined;
    });
    for (const method of ['workspace/diagnostic/refresh', 'workspace/inlayHint/refresh']) {
      connection.onRequest(method, () => {
        client.refreshes.push(method);
        client.wake();
        return refusing(method) ?? null;
      });
    }
    connection.listen();

    const rootUri = options.workspace ? pathToFileURL(options.workspace).href : null;
    const workspace =
      options.workspaceNamedBy === 'rootPath'
        ? { rootPath: options.workspace ?? null, rootUri: null, workspaceFolders: [] }
        : { rootUri, workspaceFolders: rootUri ? [{ uri: rootUri, name: 'workspace' }] : null };
    client.initializeResult = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      ...workspace,
      capabilities: options.capabilities ?? editorCapabilities(),
      ...(options.initializationOptions !== undefined ? { initializationOptions: options.initializationOptions } : {}),
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  async stop(): Promise<void> {
    try {
      await withTimeout(this.connection.sendRequest(ShutdownRequest.type), 2000, 'shutdown');
      await withTimeout(this.connection.sendNotification(ExitNotification.type), 2000, 'exit');
    } catch {
      // The process is killed below either way.
    }
    this.connection.dispose();
    this.process.kill();
  }

  /** The heap in use of a server started from fixtures/heap-reporting-server.js, in MiB. */
  async heapUsedMiB(): Promise<number> {
    const reported = () => this.logs.join('').match(/heap-used (\d+)\n/g)?.length ?? 0;
    const before = reported();
    this.process.kill('SIGUSR2');
    await this.waitFor(() => (reported() > before ? true : undefined), 5000, 'the server to report its heap');
    const all = this.logs.join('').match(/heap-used (\d+)\n/g)!;
    return Number(/\d+/.exec(all[all.length - 1])![0]) / 1024 / 1024;
  }

  /** The server's process id. */
  get pid(): number {
    return this.process.pid!;
  }

  /** The server's peak resident memory so far (VmHWM), in MiB; undefined where /proc is not there. */
  peakRssMiB(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.process.pid}/status`, 'utf8');
      const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
      return kib === undefined ? undefined : Number(kib) / 1024;
    } catch {
      return undefined;
    }
  }

  get exited(): boolean {
    return this.process.exitCode !== null || this.process.signalCode !== null;
  }

  async open(uri: string, text: string, version = 1, languageId = 'json'): Promise<void> {
    this.versions.set(uri, version);
    this.texts.set(uri, text);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId, version, text },
    });
  }

  /** Replaces the whole text (as one incremental change covering the document). */
  async replaceText(uri: string, text: string): Promise<number> {
    const old = TextDocument.create(uri, 'json', 0, this.texts.get(uri) ?? '');
    return this.change(uri, [
      { range: { start: { line: 0, character: 0 }, end: old.positionAt(old.getText().length) }, text },
    ]);
  }

  /** Sends incremental changes; returns the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    const document = TextDocument.create(uri, 'json', version, this.texts.get(uri) ?? '');
    TextDocument.update(document, changes, version);
    this.texts.set(uri, document.getText());
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return version;
  }

  async save(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  text(uri: string): string {
    return this.texts.get(uri) ?? '';
  }

  version(uri: string): number {
    return this.versions.get(uri) ?? 0;
  }

  async fileChanged(uri: string, type: FileChangeType): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type }] });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return withTimeout(this.connection.sendRequest(method, params) as Promise<R>, 10000, method);
  }

  /** The diagnostics published for `uri` once `accept` holds for them (by default: the current version's). */
  async diagnostics(
    uri: string,
    accept?: (params: PublishDiagnosticsParams) => boolean,
    timeoutMs = 10000,
  ): Promise<Diagnostic[]> {
    const wanted = accept ?? ((params: PublishDiagnosticsParams) => params.version === this.versions.get(uri));
    const found = await this.waitFor(
      () => [...this.published].reverse().find((params) => params.uri === uri && wanted(params)),
      timeoutMs,
      `diagnostics for ${uri}`,
    );
    return found.diagnostics;
  }

  /** Waits until `probe` returns something (re-checked whenever the server sends anything). */
  async waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}. Server log:\n${this.logs.join('\n')}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** A server spoken to byte by byte, for requests no well-behaved client library would send. */
export async function rawServer(workspace?: string): Promise<{
  request(id: number, method: string, params?: unknown): void;
  notify(method: string, params: unknown): void;
  answer(id: number): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  running(): boolean;
  stop(): void;
}> {
  const child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const answers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())![1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (typeof message.id === 'number' && !('method' in message)) answers.set(message.id, message);
      // The server's own requests (registrations, configuration) get an empty answer.
      else if ('method' in message && 'id' in message) write({ jsonrpc: '2.0', id: message.id, result: null });
    }
  });
  const write = (message: object) => {
    const body = Buffer.from(JSON.stringify(message));
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  const server = {
    request: (id: number, method: string, params?: unknown) =>
      write({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) }),
    notify: (method: string, params: unknown) =>
      write({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) }),
    async answer(id: number) {
      const deadline = Date.now() + 10000;
      while (!answers.has(id)) {
        assert.ok(child.exitCode === null, `the server exited (code ${child.exitCode}) before answering request ${id}`);
        assert.ok(Date.now() < deadline, `no answer to request ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return answers.get(id)!;
    },
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => child.kill(),
  };
  const rootUri = workspace ? pathToFileURL(workspace).href : null;
  server.request(0, 'initialize', {
    processId: null,
    rootUri,
    workspaceFolders: rootUri ? [{ uri: rootUri, name: 'workspace' }] : null,
    capabilities: vscodeCapabilities,
  });
  await server.answer(0);
  server.notify('initialized', {});
  return server;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]);
}

/** Where `needle` (its `occurrence`-th match) lies in `text`, as `line:character-line:character`. */
export function spanOf(text: string, needle: string, occurrence = 0): string {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) {
    offset = text.indexOf(needle, offset + 1);
    assert.ok(offset >= 0, `${JSON.stringify(needle)} occurs ${occurrence + 1} times in the text`);
  }
  const document = TextDocument.create('x', 'json', 0, text);
  const start = document.positionAt(offset);
  const end = document.positionAt(offset + needle.length);
  return `${start.line}:${start.character}-${end.line}:${end.character}`;
}

/**
 * Asks `probe` again (every 200 ms, for up to 10 s) until it answers something: for what the client must request to
 * learn.
 */
export async function pollUntil<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
}

/** `{ "a": |1 }` → the text without the marker, and the marker's position. */
export function cursor(source: string): {
  text: string;
  position: { line: number; character: number };
  offset: number;
} {
  const offset = source.indexOf('|');
  assert.ok(offset >= 0, 'the source marks the cursor with |');
  const text = source.slice(0, offset) + source.slice(offset + 1);
  return { text, offset, position: TextDocument.create('x', 'json', 0, text).positionAt(offset) };
}

/**
 * For the tests of one suite: a server started on a fresh workspace with `text` open as
 * plugin/manifest.json before them, stopped (and the workspace removed) after them.
 */
export function serveManifest(text: string): {
  uri: string;
  folder: ReturnType<typeof tempFolder>;
  readonly client: LspClient;
} {
  const folder = tempFolder();
  const uri = folder.uri('plugin/manifest.json');
  let client: LspClient | undefined;
  before(async () => {
    client = await LspClient.start({ workspace: folder.root });
    await client.open(uri, text);
  });
  after(async () => {
    await client?.stop();
    folder.cleanup();
  });
  return {
    uri,
    folder,
    get client() {
      assert.ok(client, 'the server is started before the tests of the suite');
      return client;
    },
  };
}

/** A fresh temporary folder (removed by `cleanup`), with the given files written into it. */
export function tempFolder(files: Record<string, string> = {}): {
  root: string;
  uri(relative: string): string;
  write(relative: string, text: string): void;
  cleanup(): void;
} {
  const root = mkdtempSync(join(tmpdir(), 'filer-lsp-'));
  const folder = {
    root,
    uri: (relative: string) => pathToFileURL(join(root, relative)).href,
    write(relative: string, text: string) {
      mkdirSync(dirname(join(root, relative)), { recursive: true });
      writeFileSync(join(root, relative), text);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  for (const [relative, text] of Object.entries(files)) folder.write(relative, text);
  return folder;
}

/**
 * Applies a WorkspaceEdit as an editor would: CreateFile creates the file (refusing to overwrite
 * unless told), TextDocumentEdits change the open document's text (`openTexts`) or the file on disk.
 * Returns the texts it produced by URI.
 */
export function applyWorkspaceEdit(edit: WorkspaceEdit, openTexts: Map<string, string>): Map<string, string> {
  const results = new Map<string, string>();
  const textOf = (uri: string) =>
    results.get(uri) ??
    openTexts.get(uri) ??
    (existsSync(fileURLToPath(uri)) ? readFileSync(fileURLToPath(uri), 'utf8') : undefined);
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      assert.equal(change.kind, 'create', `unexpected resource operation ${change.kind}`);
      const file = fileURLToPath(change.uri);
      assert.ok(!existsSync(file) || change.options?.overwrite, `CreateFile would overwrite ${file}`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, '');
      results.set(change.uri, '');
      continue;
    }
    const uri = change.textDocument.uri;
    const before = textOf(uri);
    assert.ok(before !== undefined, `an edit for ${uri}, which neither exists nor is created`);
    const document = TextDocument.create(uri, 'json', 0, before);
    const after = TextDocument.applyEdits(document, change.edits as { range: Diagnostic['range']; newText: string }[]);
    results.set(uri, after);
    if (!openTexts.has(uri)) writeFileSync(fileURLToPath(uri), after);
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const document = TextDocument.create(uri, 'json', 0, textOf(uri) ?? '');
    results.set(uri, TextDocument.applyEdits(document, edits));
  }
  return results;
}

/** The standard top level, so a test manifest shows only what it is about. */
export function manifest(body: string): string {
  return `{\n  "name": "sample-plugin",\n  "displayName": "Sample",\n  "version": "1.0.0"${body.trim() ? `,\n  ${body.trim()}` : ''}\n}\n`;
}

/**
 * That nobody holds `fifo` open for reading: opening its write end without blocking then fails with
 * ENXIO. A server that opened it would hold it (blocked in the read), so this shows it never did.
 */
export function assertFifoNeverOpened(fifo: string): void {
  assert.throws(
    () => closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)),
    { code: 'ENXIO' },
    `${fifo} has a reader: the server opened it`,
  );
}

/**
 * Every entry under `root` (symlinks not followed): its kind, mode, size, modification time and, for files, its text.
 */
export function snapshot(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stats = lstatSync(path);
      const kind = stats.isSymbolicLink() ? 'link' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'special';
      entries.set(
        path,
        `${kind} ${stats.mode} ${stats.size} ${stats.mtimeMs}${kind === 'file' ? ` ${readFileSync(path, 'utf8')}` : ''}`,
      );
      if (kind === 'dir') visit(path);
    }
  };
  visit(root);
  return entries;
}
