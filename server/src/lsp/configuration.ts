import {
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  MessageType,
  ShowMessageNotification,
  type Connection,
} from 'vscode-languageserver';
import type { ClientFeatures } from './clientFeatures';
import type { ClientRequests } from './clientRequests';
import { fileFilters, type FileFilters } from './manifestRecognition';
import type { Logger } from './runSafe';
import type { ServerLog } from './serverLog';
import { defaultSettings, readSettings, settingsSection, type ServerSettings } from './settings';
import { settles } from './settles';

interface ConfigurationEnvironment {
  connection: Connection;
  logger: Logger;
  log: ServerLog;
  requests: ClientRequests;
  client(): ClientFeatures;
}

/**
 * The settings in force: from `initializationOptions`, then fetched (`workspace/configuration`) or
 * pushed (`workspace/didChangeConfiguration`). A value that cannot be used is named in one message
 * (and logged), and the valid rest applies; each change of the settings bumps `generation`.
 */
export class Configuration {
  private current: ServerSettings = defaultSettings;
  private currentFilters: FileFilters = fileFilters(defaultSettings);
  private changes = 0;
  /** The last problems reported, so that the same invalid settings sent again are not reported again. */
  private reportedProblems = '';
  private readonly known = settles();

  constructor(private readonly env: ConfigurationEnvironment) {}

  settings(): ServerSettings {
    return this.current;
  }

  filters(): FileFilters {
    return this.currentFilters;
  }

  /** Changes whenever the settings do. */
  generation(): number {
    return this.changes;
  }

  /**
   * Settled once the settings the client holds are known (asked for after `initialized`):
   * diagnostics wait for it instead of answering with the defaults.
   */
  get settingsKnown(): Promise<void> {
    return this.known.promise;
  }

  /** The settings an editor gave in `initializationOptions` (`{ filerManifest: { … } }`), if any. */
  initialize(options: { settings?: Record<string, unknown> } | undefined): void {
    const initial = options?.settings?.[settingsSection];
    if (initial !== undefined) this.apply(this.settingsFrom(initial), 'initializationOptions');
  }

  /** After `initialized`: asks to be told of changes, when the client registers that dynamically. */
  register(): void {
    const { connection, requests } = this.env;
    if (!this.env.client().dynamicConfiguration) return;
    void requests.send(`client/registerCapability (${DidChangeConfigurationNotification.method})`, () =>
      connection.client.register(DidChangeConfigurationNotification.type, { section: settingsSection }),
    );
  }

  /** The client's settings, asked for once after `initialized`; true when they differ from what was in force. */
  async first(): Promise<boolean> {
    try {
      // Documents opened before the settings came were recognized with the defaults.
      const changed = this.env.client().configuration && (await this.fetch());
      if (this.changes === 0) this.env.log.settings(this.current, 'defaults');
      return changed;
    } finally {
      this.known.settle();
    }
  }

  /** `changed` runs after each change of the settings the client announces. */
  listen(changed: () => Promise<void>): void {
    this.env.connection.onDidChangeConfiguration(async (change) => {
      const pushed = (change?.settings as Record<string, unknown> | undefined)?.[settingsSection];
      const applied = this.env.client().configuration
        ? await this.fetch()
        : pushed !== undefined && this.apply(this.settingsFrom(pushed), 'workspace/didChangeConfiguration');
      if (applied) await changed();
    });
  }

  /**
   * The settings the client sent; the values that cannot be used are named in one message (and logged), and the rest
   * applies.
   */
  private settingsFrom(raw: unknown): ServerSettings {
    const { settings: read, problems } = readSettings(raw);
    const report = problems.join('; ');
    if (report !== this.reportedProblems && problems.length > 0) {
      const message = `Filer manifest: ${problems.length === 1 ? 'a setting is' : `${problems.length} settings are`} ignored (the others apply): ${report}.`;
      this.env.log.warning(message);
      void this.env.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
    }
    this.reportedProblems = report;
    return read;
  }

  /** Returns false when nothing changed, so that the same settings sent again invalidate nothing. */
  private apply(next: ServerSettings, source: string): boolean {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return false;
    this.current = next;
    this.currentFilters = fileFilters(next);
    this.changes++;
    this.env.log.settings(next, source);
    return true;
  }

  private async fetch(): Promise<boolean> {
    const { connection, requests, logger } = this.env;
    const answer = await requests.send(ConfigurationRequest.method, () =>
      connection.workspace.getConfiguration({ section: settingsSection }),
    );
    if (!answer) return false;
    // A client with nothing under our section answers null (Neovim without `settings`): the settings it gave in
    // initializationOptions stay in force.
    if (answer.value === null || answer.value === undefined) return false;
    try {
      return this.apply(this.settingsFrom(answer.value), 'workspace/configuration');
    } catch (error) {
      logger.error(`Reading the ${settingsSection} settings failed: ${(error as Error).message}`);
      return false;
    }
  }
}
