/**
 * The two servers under test, started and driven the same way: one LspClient each, the same
 * client capabilities, documents opened, edited and closed with the same messages. Diagnostics are
 * awaited the way the editor gets them: pulled (`textDocument/diagnostic`, as VS Code does with a
 * server that offers it) or, for a server that only pushes, the `publishDiagnostics` of that version.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { LspClient } from './lspClient';

/**
 * Our server, VS Code's JSON server, and the bare server: one on vscode-languageserver that validates nothing
 * (bareServer.ts); `before` is ours as built from another commit (--before), to measure a change side by side.
 */
export type ServerLabel = 'ours' | 'before' | 'json' | 'bare';

export interface Position {
  line: number;
  character: number;
}

export interface Diagnostic {
  range: { start: Position; end: Position };
  severity?: number;
  code?: string | number;
  message: string;
}

interface DiagnosticReport {
  kind: 'full' | 'unchanged';
  resultId?: string;
  items?: Diagnostic[];
}

interface PublishDiagnosticsParams {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export class BenchServer {
  private readonly resultIds = new Map<string, string | undefined>();
  private readonly lastDiagnostics = new Map<string, Diagnostic[]>();

  private constructor(
    readonly label: ServerLabel,
    readonly client: LspClient,
    readonly diagnosticsMode: 'pull' | 'push',
    readonly capabilities: Record<string, unknown>,
  ) {}

  /**
   * Spawns `node [nodeFlags] <script> --stdio`, initializes it with the workspace folder, and says how
   * it gives diagnostics.
   */
  static async start(
    label: ServerLabel,
    script: string,
    workspaceUri: string,
    cwd: string,
    timeoutMs: number,
    nodeFlags: string[] = [],
    wrapper: string[] = [],
  ): Promise<BenchServer> {
    // A wrapper (valgrind …) runs node itself: `wrapper… node [nodeFlags] <script> --stdio`.
    const [command = process.execPath, ...wrapperArgs] = wrapper;
    const nodeArgs = [...nodeFlags, script, '--stdio'];
    const client = new LspClient(
      label,
      command,
      wrapper.length > 0 ? [...wrapperArgs, process.execPath, ...nodeArgs] : nodeArgs,
      cwd,
    );
    try {
      const result = await client.request<{ capabilities: Record<string, unknown> }>(
        'initialize',
        initializeParams(workspaceUri),
        timeoutMs,
      );
      client.notify('initialized', {});
      const mode = result.capabilities.diagnosticProvider ? 'pull' : 'push';
      return new BenchServer(label, client, mode, result.capabilities);
    } catch (error) {
      client.kill();
      throw error;
    }
  }

  /**
   * The JSON language server as VS Code configures it for a schema: validation on, the schema associated with
   * manifest.json.
   */
  configureJsonSchema(schemaUri: string): void {
    this.client.notify('workspace/didChangeConfiguration', {
      settings: {
        json: { validate: { enable: true }, format: { enable: false }, schemas: [] },
        http: { proxyStrictSSL: true },
      },
    });
    this.client.notify('json/schemaAssociations', { 'manifest.json': [schemaUri] });
  }

  /** Our server reads its settings through workspace/configuration (answered with defaults) or this push. */
  configureDefaults(): void {
    this.client.notify('workspace/didChangeConfiguration', { settings: { filerManifest: {} } });
  }

  /**
   * The workspace's diagnostics, pulled (`workspace/diagnostic`): our server answers once its workspace scan is done,
   * so what follows it starts on a settled server.
   */
  async workspaceDiagnostics(timeoutMs: number): Promise<void> {
    await this.client.request('workspace/diagnostic', { previousResultIds: [] }, timeoutMs);
  }

  get pid(): number {
    return this.client.pid;
  }

  /** didOpen, then the document's diagnostics; `languageId` is `javascript` for a handler module. */
  async open(
    uri: string,
    text: string,
    version: number,
    timeoutMs: number,
    languageId = 'json',
  ): Promise<Diagnostic[]> {
    this.resultIds.delete(uri);
    return this.diagnosticsAfter(uri, version, timeoutMs, () =>
      this.client.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } }),
    );
  }

  /** One incremental change: `text` inserted at `at`. */
  async insert(uri: string, at: Position, text: string, version: number, timeoutMs: number): Promise<Diagnostic[]> {
    return this.diagnosticsAfter(uri, version, timeoutMs, () =>
      this.client.notify('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: at, end: at }, text }],
      }),
    );
  }

  async completion(uri: string, position: Position, timeoutMs: number): Promise<number> {
    const result = await this.client.request<{ items: unknown[] } | unknown[] | null>(
      'textDocument/completion',
      { textDocument: { uri }, position, context: { triggerKind: 1 } },
      timeoutMs,
    );
    return Array.isArray(result) ? result.length : (result?.items.length ?? 0);
  }

  /** The hover's text length: 0 when the server has nothing to say there. */
  async hover(uri: string, position: Position, timeoutMs: number): Promise<number> {
    const result = await this.client.request<{ contents: unknown } | null>(
      'textDocument/hover',
      { textDocument: { uri }, position },
      timeoutMs,
    );
    return result ? JSON.stringify(result.contents).length : 0;
  }

  close(uri: string): void {
    this.client.notify('textDocument/didClose', { textDocument: { uri } });
    this.resultIds.delete(uri);
    this.lastDiagnostics.delete(uri);
  }

  /** Resident and peak memory of the server process, in MiB, from /proc. */
  memory(): { rssMiB: number; peakMiB: number } {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  }

  /**
   * CPU time the server process has used so far, in ms: the sum over its threads (the main thread,
   * the GC and compiler helpers) of the time the scheduler ran them, from /proc (in nanoseconds, where
   * /proc/<pid>/stat counts 10 ms ticks). A thread that has exited no longer counts; Node's live as long as the
   * process.
   */
  cpuMs(): number {
    let ns = 0;
    for (const thread of readdirSync(`/proc/${this.pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${this.pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return ns / 1e6;
  }

  /** Shutdown and exit, killed after `graceMs` (a server under valgrind needs longer). */
  stop(graceMs?: number): Promise<void> {
    return this.client.stop(graceMs);
  }

  private async diagnosticsAfter(
    uri: string,
    version: number,
    timeoutMs: number,
    trigger: () => void,
  ): Promise<Diagnostic[]> {
    if (this.diagnosticsMode === 'push') {
      const published = this.client.waitForNotification<PublishDiagnosticsParams>(
        'textDocument/publishDiagnostics',
        (params) => params.uri === uri && (params.version === undefined || params.version === version),
        timeoutMs,
      );
      trigger();
      return (await published).diagnostics;
    }
    trigger();
    // As VS Code does: pull right after the change, passing the previous result id.
    const report = await this.client.request<DiagnosticReport>(
      'textDocument/diagnostic',
      { textDocument: { uri }, previousResultId: this.resultIds.get(uri) },
      timeoutMs,
    );
    this.resultIds.set(uri, report.resultId);
    const diagnostics = report.kind === 'unchanged' ? (this.lastDiagnostics.get(uri) ?? []) : (report.items ?? []);
    this.lastDiagnostics.set(uri, diagnostics);
    return diagnostics;
  }
}

function initializeParams(workspaceUri: string): unknown {
  return {
    processId: process.pid,
    clientInfo: { name: 'filer-bench', version: '1' },
    rootUri: workspaceUri,
    workspaceFolders: [{ uri: workspaceUri, name: 'bench' }],
    initializationOptions: { provideFormatter: false },
    // What VS Code declares (for the features the bench uses): both servers see the editor they serve.
    capabilities: {
      workspace: {
        configuration: true,
        workspaceFolders: true,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
        diagnostics: { refreshSupport: true },
        workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
      },
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: false, willSave: false },
        completion: {
          completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] },
          contextSupport: true,
        },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: {
          versionSupport: true,
          relatedInformation: true,
          codeDescriptionSupport: true,
          dataSupport: true,
        },
        diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
      },
    },
  };
}
