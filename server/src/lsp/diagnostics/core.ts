import { path } from '../host';
import type { Diagnostic } from 'vscode-languageserver';
import type { EditorDocument } from '../editorDocument';
import {
  checkFailed,
  configDiagnostics,
  fileReferences,
  handlerPaths,
  normalizeRelativePath,
  type ManifestDiagnostic,
  type SeverityOverride,
} from '../../engine';
import { describeUnread, isInside } from '../host';
import { withoutBuiltInJsonDiagnostics, type BuiltInJson } from '../builtInJson';
import { toLspDiagnostics } from './convert';
import type { HandlerFiles } from '../handlerFiles';
import { filePathOf, type ManifestCache, type ManifestVersion } from '../manifestCache';
import type { OpenDocuments } from '../openDocuments';
import type { ProjectConfigs } from '../projectConfigs';
import type { ServerLog } from '../serverLog';
import type { ServerSettings } from '../settings';
import type { WorkspaceManifests } from '../workspaceManifests';

/**
 * How the client is given diagnostics, one model per client: pushed (push.ts) or pulled (pull.ts).
 * The rest of the server says what changed; the strategy decides what to send and when.
 */
export interface DiagnosticsStrategy {
  /** An open document was opened (`delayMs` 0) or edited. */
  documentChanged(uri: string, delayMs: number): void;
  /** An open document was closed (it is no longer among the open documents). */
  documentClosed(uri: string): void;
  /** Files changed that these open documents and these manifests on disk name. */
  dependentsChanged(openUris: Set<string>, diskPaths: Set<string>, delayMs: number): void;
  /** A manifest on disk was deleted. */
  manifestDeleted(filePath: string): void;
  /** After a settings change or a change to files many manifests read: every open document again. */
  revalidateOpen(): void;
  /** The workspace scan ended; `before`: the manifests known before it. */
  scanned(before: Set<string>): Promise<void>;
}

interface DiagnosticsEnvironment {
  documents: OpenDocuments;
  handlers: HandlerFiles;
  cache: ManifestCache;
  workspace: WorkspaceManifests;
  log: ServerLog;
  settings(): ServerSettings;
  workspaceFolderPaths(): string[];
  /** VS Code's own JSON features, when the client says they run beside us. */
  builtInJson(): BuiltInJson | undefined;
  /** The link to a rule's page, for a client that takes a diagnostic's codeDescription. */
  rulePage(): ((code: string) => string | undefined) | undefined;
  /** The project config files (filer-manifest.config.json). */
  configs: ProjectConfigs;
}

/** What both strategies send: a document's diagnostics, computed from its one parse, whether it is open or on disk. */
export class DiagnosticsCore {
  constructor(private readonly env: DiagnosticsEnvironment) {}

  /** The open document's version unless it is neither a Filer manifest nor an empty one being written. */
  openManifest(document: EditorDocument): ManifestVersion | undefined {
    const entry = this.env.documents.entry(document);
    return entry.recognition().kind === 'other' ? undefined : entry;
  }

  /** The same, saying in the log (once) what the document was taken for. */
  recognizedOpenManifest(document: EditorDocument): ManifestVersion | undefined {
    this.env.log.recognized(document.uri, this.env.documents.entry(document).recognition());
    return this.openManifest(document);
  }

  /**
   * An open manifest's diagnostics (its own: those in its handlers go to them), less what VS Code's own JSON validation
   * already shows in it.
   */
  forOpen(document: EditorDocument, entry: ManifestVersion): Diagnostic[] {
    const [builtIn, text] = [this.env.builtInJson(), entry.document.text];
    const ours = withoutBuiltInJsonDiagnostics(ownDiagnostics(entry), builtIn, document.languageId, text);
    return toLspDiagnostics(ours, this.env.rulePage());
  }

  /** An open handler's diagnostics (its manifests' findings in it); undefined when no manifest names it. */
  forOpenHandler(document: EditorDocument): Diagnostic[] | undefined {
    const diagnostics = this.env.handlers.diagnostics(document);
    return diagnostics && toLspDiagnostics(diagnostics, this.env.rulePage());
  }

  /**
   * An open config file's diagnostics (filer-manifest.config.json): what is wrong in it, its globs that match no
   * manifest of the workspace, and its suppressions whose finding is gone from a manifest the server knows. Undefined
   * for any other document, and for one outside every workspace folder or in Restricted Mode (it is not read).
   */
  forOpenConfig(document: EditorDocument): Diagnostic[] | undefined {
    const { configs, documents, workspace } = this.env;
    const filePath = filePathOf(document.uri);
    if (!filePath || !configs.isConfigPath(filePath) || !configs.readsConfigs) return undefined;
    const boundary = configs.boundaryOf(filePath);
    if (boundary === undefined) return undefined;
    const found = configs.config(filePath, boundary);
    if (found.read.kind !== 'config') return [];
    const config = found.read.config;
    const folder = found.folder;
    const openManifests = documents.all().flatMap((open) => {
      const openPath = filePathOf(open.uri);
      return openPath && documents.entry(open).isFilerManifest ? [openPath] : [];
    });
    const known = [...new Set([...workspace.all(), ...openManifests])].filter((manifest) => isInside(folder, manifest));
    const below = known.map((manifest) => path.relative(folder, manifest).split(path.sep).join('/'));
    const used = new Set<number>();
    const checked = new Map<string, Record<string, SeverityOverride>>();
    for (const file of new Set(config.suppress.map((suppression) => suppression.file))) {
      const manifestPath = path.join(folder, ...file.split('/'));
      const entry = this.knownManifest(manifestPath);
      const scope = entry?.config();
      // Only a manifest this very file governs.
      if (!entry || !scope?.scope || scope.configPath !== filePath || scope.scope.ignored) continue;
      for (const index of entry.suppressionsUsed()) used.add(index);
      checked.set(file, scope.scope.severityOverrides);
    }
    const userOverrides = this.env.settings().rules;
    return toLspDiagnostics(configDiagnostics(config, { used, checked, below, userOverrides }), this.env.rulePage());
  }

  /** The Filer manifest at a path, open or on disk (read as every file is); undefined when there is none. */
  private knownManifest(filePath: string): ManifestVersion | undefined {
    const open = this.env.documents.all().find((document) => filePathOf(document.uri) === filePath);
    if (open) return this.openManifest(open);
    if (!this.env.workspaceFolderPaths().some((folder) => isInside(folder, filePath))) return undefined;
    const entry = this.env.cache.readFromDisk(filePath);
    return !('kind' in entry) && entry.isFilerManifest ? entry : undefined;
  }

  /** The open config files: their diagnostics change with every manifest they govern. */
  openConfigs(): string[] {
    return this.env.documents
      .all()
      .map((document) => document.uri)
      .filter((uri) => {
        const filePath = filePathOf(uri);
        return filePath !== undefined && this.env.configs.isConfigPath(filePath);
      });
  }

  /** Identifies an open handler's diagnostics: its version and its manifests' result ids. */
  handlerResultId(document: EditorDocument): string {
    return this.env.handlers.resultId(document);
  }

  /** The open handlers a changed manifest names: their diagnostics change with it. */
  openHandlersOf(uri: string): string[] {
    const filePath = filePathOf(uri);
    return filePath ? this.env.handlers.openHandlersOf(filePath) : [];
  }

  /**
   * A manifest that is not open: read, validated, its diagnostics returned; never kept. Undefined when it is not a
   * Filer manifest or cannot be read.
   */
  async fromDisk(filePath: string): Promise<Diagnostic[] | undefined> {
    return this.isolated(filePath, () => {
      const entry = this.manifestOnDisk(filePath);
      return entry && toLspDiagnostics(ownDiagnostics(entry), this.env.rulePage());
    });
  }

  /**
   * One manifest on disk whose check throws fails alone, with one finding that says so: a scan goes on with the next.
   */
  private isolated<T>(filePath: string, work: () => T): T | Diagnostic[] {
    try {
      return work();
    } catch (error) {
      this.env.log.error(`Checking ${filePath} failed: ${error instanceof Error ? error.stack : String(error)}`);
      const failed = checkFailed('this manifest', error, this.env.settings().rules);
      return toLspDiagnostics(failed ? [failed] : [], this.env.rulePage());
    }
  }

  /**
   * The same, with the findings in each handler the manifest names (every handler module that is a
   * file of its folder, with or without findings: a handler whose findings went away is given none).
   */
  async fromDiskWithHandlers(filePath: string): Promise<DiskDiagnostics | undefined> {
    const result = this.isolated(filePath, () => this.withHandlers(filePath));
    return Array.isArray(result) ? { own: result, handlers: [] } : result;
  }

  private withHandlers(filePath: string): DiskDiagnostics | undefined {
    const entry = this.manifestOnDisk(filePath);
    if (!entry) return undefined;
    const diagnostics = entry.diagnostics('with-handlers');
    const own = diagnostics.filter((diagnostic) => diagnostic.file === undefined);
    return { own: toLspDiagnostics(own, this.env.rulePage()), handlers: this.inHandlers(entry, filePath) };
  }

  /**
   * An open manifest's findings in each handler it names, as for one on disk: the Problems panel lists a closed
   * handler's findings whether its manifest is open or not.
   */
  handlersOfOpen(entry: ManifestVersion, filePath: string): DiskDiagnostics['handlers'] {
    const result = this.isolated(filePath, () => this.inHandlers(entry, filePath));
    return result.every((item) => 'filePath' in item) ? (result as DiskDiagnostics['handlers']) : [];
  }

  /** The findings of `entry` (the manifest at `filePath`) in each handler module of its folder that it names. */
  private inHandlers(entry: ManifestVersion, filePath: string): DiskDiagnostics['handlers'] {
    const folder = entry.folder();
    if (!folder) return [];
    const diagnostics = entry.diagnostics('with-handlers');
    const pageOf = this.env.rulePage();
    // A handler a nested plugin's manifest names too gets only the nearest one's findings, as when it is open.
    return handlerPaths(entry.model)
      .filter((relative) => folder.stat(relative) === 'file')
      .map((relative) => ({ relative, handlerPath: path.join(folder.root, relative) }))
      .filter(({ handlerPath }) => !this.env.handlers.hasNearerManifest(handlerPath, filePath))
      .map(({ relative, handlerPath }) => ({
        filePath: handlerPath,
        diagnostics: toLspDiagnostics(
          diagnostics.filter((diagnostic) => diagnostic.file === relative),
          pageOf,
        ),
      }));
  }

  /**
   * The Filer manifest at a path that is not open, read and recognized (its dependencies noted for the watch);
   * undefined when it is not one or cannot be read.
   */
  private manifestOnDisk(filePath: string): ManifestVersion | undefined {
    const entry = this.env.cache.readFromDisk(filePath);
    if ('kind' in entry) {
      if (entry.kind !== 'missing') this.env.log.notRead(filePath, describeUnread(entry));
      return undefined;
    }
    this.env.log.recognized(entry.uri, entry.recognition());
    if (!entry.isFilerManifest) return undefined;
    const folder = entry.folder()!;
    this.env.workspace.setDependencies(
      filePath,
      fileReferences(entry.model).map((reference) => path.join(folder.root, normalizeRelativePath(reference.filePath))),
    );
    return entry;
  }
}

/** What a manifest on disk is given: its own diagnostics, and each handler's (by absolute path). */
interface DiskDiagnostics {
  own: Diagnostic[];
  handlers: { filePath: string; diagnostics: Diagnostic[] }[];
}

/** A manifest's diagnostics in the manifest itself. */
function ownDiagnostics(entry: ManifestVersion): ManifestDiagnostic[] {
  return entry.diagnostics().filter((diagnostic) => diagnostic.file === undefined);
}
