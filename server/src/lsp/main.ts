/**
 * `filer-manifest-language-server`: the Filer manifest language server. VS Code starts it with
 * `--node-ipc`; other editors with `--stdio` (also `--socket=<port>` and `--pipe=<name>` work).
 */
import * as path from 'node:path';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeHost } from '../host/nodeHost';
import { rulePagesOf } from '../host/rulePages';
import { startServer } from './server';

const transports = ['--stdio', '--node-ipc', '--socket', '--pipe'];
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: filer-manifest-language-server --stdio\n\n' +
      'The language server for Filer plugin manifests (manifest.json), speaking LSP over stdio\n' +
      '(--stdio), Node IPC (--node-ipc), a socket (--socket=<port>) or a pipe (--pipe=<name>).\n',
  );
  process.exit(0);
}
// An editor that starts the server without naming a transport means stdio.
if (!args.some((arg) => transports.some((transport) => arg === transport || arg.startsWith(`${transport}=`))))
  process.argv.push('--stdio');

// The last guard: each request, notification and file is checked on its own, and a fault that escapes them all is
// logged, never the end of the server (an editor stops restarting one that keeps exiting).
process.on('uncaughtException', (error) => logFault('uncaught exception', error));
process.on('unhandledRejection', (reason) => logFault('unhandled rejection', reason));

function logFault(what: string, error: unknown): void {
  process.stderr.write(
    `Filer manifest language server: ${what}: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
}

// The bundle is dist/server.js: the package's root, which ships docs/rules/, is the folder above.
startServer(createConnection(ProposedFeatures.all), nodeHost, rulePagesOf(path.join(__dirname, '..')));
