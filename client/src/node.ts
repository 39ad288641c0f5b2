/**
 * The extension on the desktop (package.json `main`): the language server in a Node process of its own, started from
 * the extension's dist/server.js over IPC; it reads the plugin folders from the disk itself. Everything but Node's
 * `fork` is the shared client (nodeClient.ts, extension.ts), which this bundle takes from dist/client-web.js.
 */
import { fork } from 'node:child_process';
import type * as vscode from 'vscode';
import { activateWith, deactivate } from './extension';
import { clientId, clientName } from './languageClient';
import { NodeLanguageClient } from './nodeClient';

export { deactivate };

export function activate(context: vscode.ExtensionContext): Promise<void> {
  // The server's inspector when the extension host itself is being debugged, as vscode-languageclient/node does.
  const debugged = process.execArgv.some((arg) => /^--(inspect|debug)/.test(arg));
  return activateWith(context, {
    environment: { schemes: ['file'] },
    createClient: async (options) =>
      new NodeLanguageClient(clientId, clientName, options, {
        processId: process.pid,
        startServer: () =>
          fork(context.asAbsolutePath('dist/server.js'), ['--node-ipc'], {
            execArgv: debugged ? ['--nolazy', '--inspect=6009'] : [],
            stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
          }),
      }),
  });
}
