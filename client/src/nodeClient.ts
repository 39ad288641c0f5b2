/**
 * The desktop's language client: the server (dist/server.js) in a Node process of its own, over Node's IPC channel,
 * as vscode-languageclient/node starts it with `TransportKind.ipc`. It lives in the web bundle with the rest of the
 * client (dist/client-web.js, which the desktop's dist/client.js requires), so it names no Node module:
 * client/src/node.ts gives it Node's `fork` and the extension host's process id. The desktop then ships no second
 * copy of vscode-languageclient (its Node entry, with vscode-jsonrpc's and semver, weighed 12 KB of the .vsix).
 */
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  BaseLanguageClient,
  Disposable,
  type DataCallback,
  type InitializeParams,
  type LanguageClientOptions,
  type Message,
  type MessageReader,
  type MessageTransports,
  type MessageWriter,
  type ShutdownMode,
} from 'vscode-languageclient';
// The runtime layer vscode-jsonrpc needs (timers, message encoding), which vscode-languageclient/browser installs when
// loaded: the browser's, made of what Node has too (setTimeout, TextEncoder). The Node client talks over IPC, which
// sends messages whole: none of the stream reading the Node layer adds is used.
import 'vscode-languageclient/browser';

/** The child process, as far as the client uses it (node:child_process's ChildProcess has all of it). */
interface ServerProcess {
  readonly pid?: number;
  readonly exitCode: number | null;
  readonly stderr: { on(event: 'data', listener: (chunk: { toString(): string }) => void): unknown } | null;
  send(message: unknown, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'message', listener: (message: unknown) => void): unknown;
  kill(): boolean;
}

/** What the Node client is given by client/src/node.ts. */
interface NodeSide {
  /** Starts dist/server.js with `--node-ipc` (node:child_process's fork, stderr piped, an IPC channel). */
  startServer(): ServerProcess;
  /** The extension host's process id: the server exits when it is gone. */
  processId: number;
}

/** After a stop, a server still running this long is killed. */
const killAfterMs = 2000;

export class NodeLanguageClient extends BaseLanguageClient {
  private server: ServerProcess | undefined;

  constructor(
    id: string,
    name: string,
    clientOptions: LanguageClientOptions,
    private readonly node: NodeSide,
  ) {
    super(id, name, clientOptions);
  }

  protected async createMessageTransports(): Promise<MessageTransports> {
    const server = this.node.startServer();
    this.server = server;
    // What the server writes to stderr (a fault its last guard logged) goes to the output channel, line by line.
    let partial = '';
    server.stderr?.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) this.outputChannel.appendLine(line);
    });
    return { reader: new IpcReader(server), writer: new IpcWriter(server) };
  }

  protected fillInitializeParams(params: InitializeParams): void {
    super.fillInitializeParams(params);
    params.processId ??= this.node.processId;
  }

  protected async shutdown(mode: ShutdownMode, timeout?: number): Promise<void> {
    try {
      await super.shutdown(mode, timeout);
    } finally {
      const server = this.server;
      this.server = undefined;
      if (server)
        setTimeout(() => {
          if (server.exitCode === null) server.kill();
        }, killAfterMs);
    }
  }
}

/** Messages from the server's IPC channel (Node parses them). */
class IpcReader extends AbstractMessageReader implements MessageReader {
  constructor(private readonly server: ServerProcess) {
    super();
    server.on('error', (error) => this.fireError(error));
    server.on('exit', () => this.fireClose());
  }

  listen(callback: DataCallback): Disposable {
    const listener = (message: unknown) => callback(message as Message);
    this.server.on('message', listener);
    return Disposable.create(() => this.server.removeListener('message', listener));
  }
}

/** Messages to the server over its IPC channel. */
class IpcWriter extends AbstractMessageWriter implements MessageWriter {
  private errors = 0;

  constructor(private readonly server: ServerProcess) {
    super();
    server.on('error', (error) => this.fireError(error));
    server.on('exit', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    return new Promise((resolve, reject) => {
      try {
        this.server.send(message, (error) => {
          if (error) {
            this.errors++;
            this.fireError(error, message, this.errors);
            reject(error);
          } else {
            this.errors = 0;
            resolve();
          }
        });
      } catch (error) {
        this.errors++;
        this.fireError(error, message, this.errors);
        reject(error as Error);
      }
    });
  }

  end(): void {
    // The channel closes with the process.
  }
}
