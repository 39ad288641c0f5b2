import { version } from '../../../package.json';
import { terminalText } from '../engine';

export { version };
import { filePathOf } from './manifestCache';
import { notNamedManifest, type Recognition } from './manifestRecognition';
import type { ServerSettings } from './settings';

import { host } from './host';
/** Where the lines go: the connection's console (window/logMessage; VS Code's "Filer Manifest" output channel). */
interface LogConsole {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * What the server tells its log, so that a user has somewhere to look when something seems wrong: its
 * version, the settings in force, which files it took as Filer manifests and why (each file once,
 * and again when the answer changes), and what it could not read. Every line is terminal text (a
 * client's log file is read in terminals too): a path or a name of the workspace cannot put a control
 * character in it.
 */
export class ServerLog {
  /** Per document: the recognition last logged. */
  private readonly recognitions = new Map<string, string>();
  /** The files already said to be left unread, with why: each is said once. */
  private readonly leftUnread = new Set<string>();

  private readonly console: LogConsole;

  constructor(console: LogConsole) {
    this.console = {
      info: (message) => console.info(terminalText(message)),
      warn: (message) => console.warn(terminalText(message)),
      error: (message) => console.error(terminalText(message)),
    };
  }

  started(client: { name: string; version?: string } | undefined, workspaceFolders: string[]): void {
    const by = client ? `, for ${client.name}${client.version ? ` ${client.version}` : ''}` : '';
    const folders = workspaceFolders.length > 0 ? workspaceFolders.join(', ') : 'none';
    this.console.info(
      `Filer manifest language server ${version} (${host().runtime})${by}. Workspace folders: ${folders}.`,
    );
  }

  /** `source`: where they came from (defaults, initializationOptions, workspace/configuration, …). */
  settings(settings: ServerSettings, source: string): void {
    this.console.info(`Settings in force (${source}): ${JSON.stringify(settings)}`);
  }

  /** VS Code's Restricted Mode: the workspace's config files are not read. */
  configsNotRead(): void {
    this.console.info(
      'Restricted Mode: filer-manifest.config.json files are not read (the workspace is not trusted); trust the workspace to apply them.',
    );
  }

  recognized(uri: string, recognition: Recognition): void {
    // A handler, a schema or a package.json open beside the manifests is no candidate by its name: saying so of each
    // file opened says nothing.
    if (recognition.kind === 'other' && recognition.reason === notNamedManifest) return;
    const said = `${recognition.kind}: ${recognition.reason}`;
    if (this.recognitions.get(uri) === said) return;
    this.recognitions.set(uri, said);
    const file = filePathOf(uri) ?? uri;
    const verdict = {
      filer: 'taken as a Filer manifest',
      empty: 'an empty manifest',
      other: 'not taken as a Filer manifest',
    }[recognition.kind];
    this.console.info(`${file}: ${verdict} (${recognition.reason}).`);
  }

  scanned(folders: string[], manifests: number): void {
    this.console.info(
      `Workspace scan of ${folders.join(', ')}: ${manifests} candidate manifest file${manifests === 1 ? '' : 's'}.`,
    );
  }

  /** A manifest on disk that is not opened (a link, a FIFO, too large…), said once per file and reason. */
  notRead(filePath: string, why: string): void {
    const said = `${filePath} is not read from disk: ${why}.`;
    if (this.leftUnread.has(said)) return;
    this.leftUnread.add(said);
    this.console.warn(said);
  }

  unreadable(filePath: string, error: unknown): void {
    this.console.warn(`Could not read ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** A warning of the server's own (a setting it cannot use). */
  warning(message: string): void {
    this.console.warn(message);
  }

  /** A request that failed (runSafe), with what it was about. */
  error(message: string): void {
    this.console.error(message);
  }
}
