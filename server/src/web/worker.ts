/**
 * The language server in a Web Worker (VS Code for the Web): the same server core as in Node, over the worker's
 * messages, with the web host (webHost.ts: the plugin folders' files asked of the client). Started by the bundle
 * dist/server-web.js when it finds itself in a worker (scripts/build.mjs).
 */
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { WebHost } from './webHost';

/** The worker's global scope, as far as the server uses it (no DOM types in this project's build). */
declare const self: {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: { reason?: unknown; error?: unknown }) => void): void;
};

export function startInWorker(): void {
  // BrowserMessageReader and Writer take the worker's scope, whose type is DOM's: the shape above is what they use.
  const scope = self as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
  const connection = createConnection(
    ProposedFeatures.all,
    new BrowserMessageReader(scope),
    new BrowserMessageWriter(scope),
  );
  // The last guard, as in Node (lsp/main.ts): a fault that escapes every other is logged, never the end of the server.
  for (const type of ['error', 'unhandledrejection'])
    self.addEventListener(type, (event) => {
      const fault = event.reason ?? event.error;
      connection.console.error(
        `Filer manifest language server: ${type}: ${fault instanceof Error ? fault.stack : String(fault)}`,
      );
    });
  // The rule pages are the client's to show on the web too (initializationOptions.rulePages): none shipped here.
  startServer(connection, new WebHost(connection), { text: () => undefined, link: () => undefined });
}
