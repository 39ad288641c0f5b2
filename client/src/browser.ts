/**
 * The extension on the web (package.json `browser`: vscode.dev, github.dev, code-server's browser extension host): the
 * language server runs in a Web Worker (dist/server-web.js), and this client serves it the plugin folders' files with
 * `workspace.fs` (`filer/fs/*`, server/src/protocol/requests.ts), as it declares with
 * `initializationOptions.serveFiles`. The workspace's URIs (`vscode-vfs://github/…`, `vscode-remote://…`) reach the
 * server as `file:` URIs of their paths, and come back as they were (uriConverters).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  readDirectoryMethod,
  readFileMethod,
  statMethod,
  type FileRequestParams,
  type ReadDirectoryResult,
  type ReadFileParams,
  type ReadFileResult,
  type StatResult,
} from '../../server/src/protocol/requests';
import { activateWith, deactivate } from './extension';
import { clientId, clientName } from './languageClient';

export { deactivate };

/** A Web Worker, as far as this client uses one (no DOM types in this project's build). */
declare const Worker: new (url: string) => { terminate(): void };

/** The server's worker now: a restart ends it before it starts the next (the language client leaves it running). */
let running: { terminate(): void } | undefined;

/** A folder's list is cut here: the server refuses a longer one (its limit is 100,000 entries). */
const maxListedEntries = 100_001;

export function activate(context: vscode.ExtensionContext): Promise<void> {
  const primary = vscode.workspace.workspaceFolders?.find((folder) => folder.uri.scheme !== 'file')?.uri;
  const schemes = [
    ...new Set(['file', ...(vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.scheme)]),
  ];
  const toServer = (uri: vscode.Uri): string =>
    primary && uri.scheme === primary.scheme && uri.authority === primary.authority
      ? vscode.Uri.file(uri.path).toString()
      : uri.toString();
  const fromServer = (value: string): vscode.Uri => {
    const uri = vscode.Uri.parse(value);
    return primary && uri.scheme === 'file' ? primary.with({ path: uri.path, query: '', fragment: '' }) : uri;
  };
  return activateWith(context, {
    environment: {
      schemes,
      uriConverters: { code2Protocol: toServer, protocol2Code: fromServer },
      serves: { serveFiles: true },
    },
    notes: [
      'On the web, the language server runs in the browser (a Web Worker) and reads the plugin folder through the ' +
        'editor: a file changed outside the editor is read again when the editor reports the change.',
    ],
    createClient: async (options) => {
      const { BrowserMessageReader, BrowserMessageWriter, LanguageClient } =
        await import('vscode-languageclient/browser');
      // The worker's transports made here: in the web extension host, `new Worker` is VS Code's nested worker, not
      // `instanceof Worker`, which the client's own check for a Worker would miss.
      const client = new LanguageClient(
        clientId,
        clientName,
        async () => {
          const worker = await startWorker(context);
          return {
            reader: new BrowserMessageReader(worker as never),
            writer: new BrowserMessageWriter(worker as never),
          };
        },
        options,
      );
      serveFiles(client, fromServer);
      return client;
    },
  });
}

/**
 * The server's worker: from the extension's URL where the editor allows it (vscode.dev), else (code-server refuses a
 * Worker from a remote extension's URL) from its text, read with `workspace.fs`, as a blob: URL. The bundle is one
 * self-contained script either way.
 */
async function startWorker(context: vscode.ExtensionContext): Promise<{ terminate(): void }> {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server-web.js');
  running?.terminate();
  let worker: { terminate(): void };
  try {
    worker = new Worker(script.toString(true));
  } catch {
    const code = await vscode.workspace.fs.readFile(script);
    worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  }
  running = worker;
  return worker;
}

/**
 * The three requests of the server's web host (server/src/web/webHost.ts), answered with `workspace.fs`, only inside
 * the workspace's folders. The server checks every answer again; here a file past `maxBytes` is not read at all.
 */
function serveFiles(client: BaseLanguageClient, fromServer: (uri: string) => vscode.Uri): void {
  const inWorkspace = (params: unknown): vscode.Uri => {
    const uri = typeof (params as FileRequestParams | null)?.uri === 'string' ? (params as FileRequestParams).uri : '';
    const target = fromServer(uri);
    const folder = vscode.workspace.getWorkspaceFolder(target);
    if (!folder || target.path.split('/').includes('..'))
      throw new Error(`not a file of the workspace: ${uri.slice(0, 200)}`);
    return target;
  };
  client.onRequest(statMethod, async (params: unknown): Promise<StatResult> => {
    const stat = await statOrNull(inWorkspace(params));
    return stat && { type: stat.type, size: stat.size, mtime: stat.mtime };
  });
  client.onRequest(readFileMethod, async (params: ReadFileParams): Promise<ReadFileResult> => {
    const target = inWorkspace(params);
    const maxBytes = typeof params.maxBytes === 'number' ? params.maxBytes : 0;
    const stat = await statOrNull(target);
    if (!stat) return null;
    if (stat.size > maxBytes) return { tooLarge: stat.size };
    const bytes = await vscode.workspace.fs.readFile(target);
    if (bytes.length > maxBytes) return { tooLarge: bytes.length };
    return { text: new TextDecoder().decode(bytes) };
  });
  client.onRequest(readDirectoryMethod, async (params: unknown): Promise<ReadDirectoryResult> => {
    const target = inWorkspace(params);
    if (!(await statOrNull(target))) return null;
    const entries = await vscode.workspace.fs.readDirectory(target);
    return entries.slice(0, maxListedEntries).map(([name, type]) => [name, type]);
  });
}

/** A stat, or null when nothing is there (any other failure is the request's error). */
async function statOrNull(uri: vscode.Uri): Promise<vscode.FileStat | null> {
  try {
    return await vscode.workspace.fs.stat(uri);
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return null;
    throw error;
  }
}
