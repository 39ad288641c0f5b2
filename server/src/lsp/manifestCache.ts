import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import {
  buildModel,
  FileFactsMemo,
  composeEditedRegions,
  extendEditedRegion,
  findingsKept as findingsKeptUnder,
  parseDocument,
  parseSyntaxOnly,
  reparseDocument,
  validateModel,
  type ValidateOptions,
  type EditedRegion,
  type FileRead,
  type FindingsWanted,
  type LineIndex,
  type ManifestAnalysis,
  type ManifestDiagnostic,
  type ManifestModel,
  type ParsedDocument,
} from '../engine';
import { EditorDocument } from './editorDocument';
import { recognizeManifest, type FileFilters, type Recognition } from './manifestRecognition';
import { fileUri, host, isInside, path } from './host';
import type { CachedPluginFolder, PluginFolders } from './pluginFolders';
import type { ManifestConfig, ProjectConfigs } from './projectConfigs';
import { maxFileBytes, type ServerSettings } from './settings';

/**
 * What the cache needs from the server: the settings (with a generation that changes with them) and where things are.
 */
interface CacheEnvironment {
  settings(): ServerSettings;
  filters(): FileFilters;
  /** Changes whenever the settings do: recognition and diagnostics computed under older settings are stale. */
  settingsGeneration(): number;
  workspaceFolderPaths(): string[];
  folders: PluginFolders;
  /** The project config files: a manifest's severities, whether it is ignored, its suppressions (none without). */
  configs?: ProjectConfigs;
}

/**
 * Diagnostics result ids never repeat: each version of an open document gets the next number of
 * this server process, so a document closed and opened again (a buffer reloaded after the file
 * changed on disk) never matches the resultId a client kept from before.
 */
const serverInstance = Date.now().toString(36);
let versionsMade = 0;

/** The resultId of a manifest that is not open: its file's modification time and size stand for its text. */
export function diskResultId(
  stats: { mtimeMs: number; size: number },
  folderGeneration: number,
  settingsGeneration: number,
): string {
  return `${serverInstance}.disk.${stats.mtimeMs}.${stats.size}:${folderGeneration}:${settingsGeneration}`;
}

/** An earlier version whose parse the next one re-parses incrementally, and where the text changed since. */
interface ParseBasis {
  previous: ManifestVersion;
  region: EditedRegion;
}

/**
 * One version of one manifest text, parsed at most once and read by every feature. Diagnostics are
 * recomputed from the same parse when the plugin folder or the settings change, never re-parsed.
 * A version that follows an edit re-parses only what changed, taking its predecessor's parse over.
 */
export class ManifestVersion {
  readonly filePath: string | undefined;
  /**
   * This version's number in this server process: never the same for two versions, nor for a document closed and opened
   * again.
   */
  readonly serial = ++versionsMade;
  private parse:
    { document: ParsedDocument; model: ManifestModel; syntaxOnly: boolean; findingsKept: number } | undefined;
  private recognized: { generation: number; recognition: Recognition } | undefined;
  /** Each kind of validation asked for, with the result id it was made under. */
  private validated: Partial<
    Record<FindingsWanted, { key: string; analysis: ManifestAnalysis; suppressionsUsed: Set<number> }>
  > = {};

  constructor(
    readonly uri: string,
    /** The editor's version; undefined for a file read from disk. */
    readonly version: number | undefined,
    readonly text: string,
    private readonly env: CacheEnvironment,
    private basis?: ParseBasis,
    /**
     * The editor document's line index of this text, which the parse then uses as its own; undefined for a file read
     * from disk.
     */
    private readonly lines?: LineIndex,
    /**
     * What the open document's last validation learnt of the files it names, shared by its versions; undefined for a
     * file read from disk.
     */
    readonly fileFacts?: FileFactsMemo,
  ) {
    this.filePath = filePathOf(uri);
  }

  /**
   * What a successor, this text edited in `region`, re-parses from: this version, or the one this would have re-parsed
   * from.
   */
  basisFor(region: EditedRegion): ParseBasis | undefined {
    if (this.parse) return { previous: this, region };
    if (this.basis) return { previous: this.basis.previous, region: composeEditedRegions(this.basis.region, region) };
    return undefined;
  }

  /**
   * Gives this version's parse to its successor, which changes it in place (and takes over the model's
   * entries the edit left as they were): this version forgets it (and the analysis built on it), and
   * would parse its text again if it were ever read.
   */
  private handOverParse(): { document: ParsedDocument; model: ManifestModel } | undefined {
    const parse = this.parse?.syntaxOnly ? undefined : this.parse;
    this.parse = undefined;
    this.validated = {};
    return parse;
  }

  get document(): ParsedDocument {
    return this.parsed().document;
  }

  get model(): ManifestModel {
    return this.parsed().model;
  }

  recognition(): Recognition {
    const generation = this.env.settingsGeneration();
    if (this.recognized?.generation !== generation) {
      const filePath = this.filePath ?? this.uri;
      const relativePaths = () =>
        this.env
          .workspaceFolderPaths()
          .filter((folder) => isInside(folder, filePath))
          .map((folder) => path.relative(folder, filePath));
      const recognition = recognizeManifest(
        { filePath, relativePaths, text: this.text, rootValue: () => this.document.value },
        this.env.filters(),
      );
      this.recognized = { generation, recognition };
    }
    return this.recognized.recognition;
  }

  get isFilerManifest(): boolean {
    return this.recognition().kind === 'filer';
  }

  /** The plugin folder (the manifest's own folder), when the document is a file on disk. */
  folder(): CachedPluginFolder | undefined {
    return this.filePath ? this.env.folders.forManifest(this.filePath) : undefined;
  }

  get isTooLarge(): boolean {
    return this.text.length > maxFileBytes(this.env.settings());
  }

  /**
   * Identifies the diagnostics: they change with the text (each version, each open), the plugin folder's files and the
   * settings.
   */
  resultId(): string {
    const generations = `${this.folder()?.generation ?? 0}:${this.env.settingsGeneration()}:${this.env.configs?.generation() ?? 0}`;
    return `${serverInstance}.${this.serial}:${generations}`;
  }

  /**
   * The engine's analysis of this version, its diagnostics current with the folder and the settings: the manifest's
   * own findings, or those in its handlers too (for a handler's own diagnostics and fixes).
   */
  analysis(findings: FindingsWanted = 'own'): ManifestAnalysis {
    const key = this.resultId();
    let validated = this.validated[findings];
    if (validated?.key !== key) {
      const { document, model } = this.parsed();
      const suppressionsUsed = new Set<number>();
      const diagnostics = this.validate(model, findings, suppressionsUsed);
      validated = { key, analysis: { document, model, diagnostics }, suppressionsUsed };
      this.validated[findings] = validated;
    }
    return validated.analysis;
  }

  /** The suppressions of its config file (by index) that accepted one of its own findings. */
  suppressionsUsed(): ReadonlySet<number> {
    this.analysis('own');
    return this.validated.own!.suppressionsUsed;
  }

  /** The diagnostics to show: none unless the document is a Filer manifest. */
  diagnostics(findings: FindingsWanted = 'own'): ManifestDiagnostic[] {
    return this.isFilerManifest ? this.analysis(findings).diagnostics : [];
  }

  private parsed(): { document: ParsedDocument; model: ManifestModel } {
    const syntaxOnly = this.isTooLarge;
    const findingsKept = findingsKeptUnder(this.env.settings().maxDiagnostics);
    if (this.parse && !this.parseServes(syntaxOnly, findingsKept)) this.parse = undefined;
    if (!this.parse) {
      const basis = this.basis;
      this.basis = undefined;
      const previous = basis?.previous.handOverParse();
      // Past the size limit only the syntax is read: no tree, whatever the text holds.
      if (syntaxOnly) {
        const document = parseSyntaxOnly(this.text, this.lines, findingsKept);
        this.parse = { document, model: buildModel(document), syntaxOnly, findingsKept };
        return this.parse;
      }
      // One line index per version: the editor document's, when there is one.
      const document = previous
        ? reparseDocument(previous.document, this.text, basis!.region, this.lines, findingsKept)
        : parseDocument(this.text, this.lines, findingsKept);
      this.parse = { document, model: buildModel(document, previous?.model), syntaxOnly, findingsKept };
    }
    return this.parse;
  }

  /**
   * Whether this version's parse still serves after a settings change: a text only checked for its
   * syntax is parsed whole once it is within the size limit, and one that kept fewer findings than a
   * higher diagnostics cap shows is parsed again.
   */
  private parseServes(syntaxOnly: boolean, findingsKept: number): boolean {
    const parse = this.parse!;
    if (parse.syntaxOnly && !syntaxOnly) return false;
    return parse.findingsKept >= findingsKept || Object.keys(parse.document.findingsNotKept).length === 0;
  }

  /**
   * Its config file's word on it (filer-manifest.config.json, projectConfigs.ts): its severities (the user's own
   * setting winning), whether it is ignored, its suppressions.
   */
  config(): ManifestConfig | undefined {
    return this.filePath ? this.env.configs?.forManifest(this.filePath, this.env.settings().rules) : undefined;
  }

  private validate(model: ManifestModel, findings: FindingsWanted, used: Set<number>): ManifestDiagnostic[] {
    const config = this.config();
    if (config?.scope?.ignored) return [];
    const diagnostics = validateModel(model, this.validateOptions(findings, used));
    return config?.unreadable && !this.isTooLarge ? [config.unreadable, ...diagnostics] : diagnostics;
  }

  /**
   * What its validation is given: its folder, its severities (its config file's, the user's own setting winning), its
   * suppressions; past the size limit, only that it is too large. The fixes applied all at once (fixAll) take the same.
   */
  validateOptions(findings: FindingsWanted = 'own', used = new Set<number>()): ValidateOptions {
    const settings = this.env.settings();
    const config = this.config();
    const severityOverrides = config?.scope?.severityOverrides ?? settings.rules;
    const maxDiagnostics = settings.maxDiagnostics;
    if (this.isTooLarge) {
      const tooLarge = { megabytes: this.text.length / 1024 / 1024, maxFileSize: settings.maxFileSize };
      return { severityOverrides, maxDiagnostics, tooLarge };
    }
    const folder = this.folder();
    const fileFacts =
      folder && this.fileFacts ? { memo: this.fileFacts, folderGeneration: folder.generation } : undefined;
    const suppressions = config?.scope ? { entries: config.scope.suppressions, used } : undefined;
    return { folder, severityOverrides, maxDiagnostics, fileFacts, findings, suppressions };
  }
}

/** Where an open document's text changed from one editor version to a later one. */
interface PendingEdits {
  fromVersion: number;
  toVersion: number;
  /** Undefined when a change replaced the whole text. */
  region: EditedRegion | undefined;
}

/** The latest parsed version of each open document. */
export class ManifestCache {
  private readonly entries = new Map<string, ManifestVersion>();
  private readonly pendingEdits = new Map<string, PendingEdits>();

  constructor(private readonly env: CacheEnvironment) {}

  /**
   * For `new TextDocuments(...)`: the documents are EditorDocuments (one line index per version,
   * shared with its parse); each change is applied and where it fell noted, so that the next version
   * is re-parsed from this one incrementally.
   */
  readonly textDocuments: TextDocumentsConfiguration<EditorDocument> = {
    create: EditorDocument.create,
    update: (document, changes, version) => {
      const fromVersion = document.version;
      const pending = this.pendingEdits.get(document.uri);
      const continues = pending?.toVersion === fromVersion;
      let region = continues ? pending.region : undefined;
      let whole = continues && !pending.region;
      for (const change of changes) {
        const edit = document.apply(change);
        if (edit) region = extendEditedRegion(region, edit.offset, edit.deletedLength, change.text.length);
        else whole = true;
      }
      document.setVersion(version);
      this.pendingEdits.set(document.uri, {
        fromVersion: continues ? pending.fromVersion : fromVersion,
        toVersion: version,
        region: whole ? undefined : region,
      });
      return document;
    },
  };

  get(document: EditorDocument): ManifestVersion {
    const cached = this.entries.get(document.uri);
    if (cached && cached.version === document.version) return cached;
    const edits = this.pendingEdits.get(document.uri);
    this.pendingEdits.delete(document.uri);
    const basis =
      cached && edits?.region && edits.fromVersion === cached.version && edits.toVersion === document.version
        ? cached.basisFor(edits.region)
        : undefined;
    const entry = new ManifestVersion(
      document.uri,
      document.version,
      document.getText(),
      this.env,
      basis,
      document.lines,
      cached?.fileFacts ?? new FileFactsMemo(),
    );
    this.entries.set(document.uri, entry);
    return entry;
  }

  /**
   * The manifest at `filePath` that is not open, read from disk as every file is (a link, a FIFO, a file past
   * maxFileSize or in a folder linked from outside its workspace folder is not opened); not kept. Why it was not read,
   * when it was not.
   */
  readFromDisk(filePath: string): ManifestVersion | Exclude<FileRead, { kind: 'text' }> {
    const root = this.env.workspaceFolderPaths().find((folder) => isInside(folder, filePath)) ?? path.dirname(filePath);
    const read = host().readFileInside(root, filePath, maxFileBytes(this.env.settings()));
    return read.kind === 'text' ? new ManifestVersion(fileUri(filePath), undefined, read.text, this.env) : read;
  }

  delete(uri: string): void {
    this.entries.delete(uri);
    this.pendingEdits.delete(uri);
  }
}

export function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return host().paths.pathOfFileUri(uri);
  } catch {
    return undefined;
  }
}
