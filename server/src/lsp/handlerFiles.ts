import { handlerPaths, namedHandler, type ManifestDiagnostic, type NamedHandler } from '../engine';
import { fileUri, host, isInside, path } from './host';
import type { EditorDocument } from './editorDocument';
import { filePathOf, type ManifestCache, type ManifestVersion } from './manifestCache';
import type { OpenDocuments } from './openDocuments';
import type { WorkspaceManifests } from './workspaceManifests';

/** The extensions of a JavaScript module a manifest may name as a handler. */
const scriptFile = /\.(js|mjs|cjs)$/i;
/** How far above a handler its manifest is looked for: a plugin's handlers sit a folder or two below it. */
const maxLevelsUp = 8;
/** Manifests read from disk that name a handler open in the editor, kept parsed while they are unchanged on disk. */
const keptFromDisk = 8;

interface HandlerEnvironment {
  documents: OpenDocuments;
  cache: ManifestCache;
  workspace: WorkspaceManifests;
  /** Changes with the settings: whether a file is a Filer manifest may change with them. */
  settingsGeneration(): number;
  workspaceFolderPaths(): string[];
}

/** A Filer manifest that names a handler, and the handler's path as that manifest's folder names it. */
interface ManifestOfHandler {
  entry: ManifestVersion;
  /** Plugin-relative, as the engine's findings in it name it (`tools/count.js`). */
  relative: string;
}

/** What is known of a manifest on disk at one stat signature: the scripts it names, or that it is no Filer manifest. */
interface ScriptsNamed {
  signature: string;
  /** Plugin-relative and normalized; undefined when the file is not a Filer manifest. */
  scripts: ReadonlySet<string> | undefined;
}

/**
 * A JavaScript file is a handler when a Filer manifest names it: the `manifest.json` of a folder above
 * it (or a workspace manifest, or an open one, whose folder holds it) lists it as a tool, hook,
 * command or setting handler. Its findings are that manifest's analysis's findings in it, so a handler
 * is checked by the same validation as its manifest, never on its own; a file no manifest names gets
 * nothing from us.
 *
 * Only the nearest manifest that names it reports in it (the one in the deepest folder): plugin folders
 * nested in one another would each list the same findings (40 manifests, 40 copies of each), and asking
 * every one of them on each keystroke would re-validate them all. A manifest on disk is looked for only
 * inside the workspace folders (docs/security.md); a file outside them may be named by an open manifest
 * only.
 */
export class HandlerFiles {
  /** Small, for every manifest on disk looked at: each is read and parsed once per version to learn it. */
  private readonly scriptsOnDisk = new Map<string, ScriptsNamed>();
  /** The parse of the last few manifests on disk that named a handler, kept while they are unchanged on disk. */
  private readonly fromDisk = new Map<string, { signature: string; entry: ManifestVersion }>();

  constructor(private readonly env: HandlerEnvironment) {}

  /** The nearest Filer manifest that names the file at `filePath`; none for a file that is not a JavaScript module. */
  manifestOf(filePath: string): ManifestOfHandler | undefined {
    if (!scriptFile.test(filePath)) return undefined;
    for (const manifestPath of this.candidates(filePath)) {
      const relative = path.relative(path.dirname(manifestPath), filePath).split(path.sep).join('/');
      const entry = this.manifestNaming(manifestPath, relative);
      if (entry) return { entry, relative };
    }
    return undefined;
  }

  /**
   * Whether the file is named by a manifest nearer to it than `manifestPath` (the `manifest.json` of a folder between
   * them): then that one reports in it, not this one. Asked of every handler of every manifest in workspace
   * diagnostics, so it looks only at those folders, never at every known manifest.
   */
  hasNearerManifest(filePath: string, manifestPath: string): boolean {
    const top = path.dirname(manifestPath);
    for (let folder = path.dirname(filePath); folder !== top && isInside(top, folder); folder = path.dirname(folder)) {
      const nearer = path.join(folder, 'manifest.json');
      const relative = path.relative(folder, filePath).split(path.sep).join('/');
      if (this.manifestNaming(nearer, relative)) return true;
    }
    return false;
  }

  /** The handler at `filePath` as its manifest reads it (its folder's open texts included); undefined for others. */
  named(filePath: string): NamedHandler | undefined {
    const manifest = this.manifestOf(filePath);
    const folder = manifest?.entry.folder();
    return folder && namedHandler(manifest!.entry.model, folder, manifest!.relative);
  }

  /** Its manifest's findings in this open document; undefined when no manifest names it. */
  diagnostics(document: EditorDocument): ManifestDiagnostic[] | undefined {
    const filePath = filePathOf(document.uri);
    const manifest = filePath ? this.manifestOf(filePath) : undefined;
    return manifest?.entry
      .analysis('with-handlers')
      .diagnostics.filter((diagnostic) => diagnostic.file === manifest.relative);
  }

  /** Changes with this version of the document (never repeating, as a manifest's) and with its manifest's findings. */
  resultId(document: EditorDocument): string {
    const filePath = filePathOf(document.uri);
    const manifest = filePath ? this.manifestOf(filePath) : undefined;
    return `handler.${this.env.documents.entry(document).serial}|${manifest?.entry.resultId() ?? ''}`;
  }

  /** The open documents a manifest names as handlers, and is the nearest to: re-checked when it changes. */
  openHandlersOf(manifestPath: string): string[] {
    return this.env.documents.all().flatMap((document) => {
      const filePath = filePathOf(document.uri);
      return filePath &&
        isInside(path.dirname(manifestPath), filePath) &&
        this.manifestOf(filePath)?.entry.filePath === manifestPath
        ? [document.uri]
        : [];
    });
  }

  /** Forgets what was read of a manifest on disk: it is read again when next asked for. */
  forgetManifest(manifestPath: string): void {
    this.scriptsOnDisk.delete(manifestPath);
    this.fromDisk.delete(manifestPath);
  }

  /**
   * Nearest first: the manifest.json of each folder above the file inside its workspace folder, and every known
   * manifest whose folder holds it (a workspace manifest, an open one wherever it is), each once.
   */
  private candidates(filePath: string): string[] {
    const candidates = new Set<string>();
    const workspaceFolder = this.env.workspaceFolderPaths().find((folder) => isInside(folder, filePath));
    let folder = path.dirname(filePath);
    for (let level = 0; workspaceFolder && level < maxLevelsUp && isInside(workspaceFolder, folder); level++) {
      candidates.add(path.join(folder, 'manifest.json'));
      folder = path.dirname(folder);
    }
    const known = [
      ...this.env.workspace.all(),
      ...this.env.documents.all().flatMap((document) => filePathOf(document.uri) ?? []),
    ];
    for (const manifestPath of known)
      if (manifestPath !== filePath && isInside(path.dirname(manifestPath), filePath)) candidates.add(manifestPath);
    // The deeper a manifest's folder (all of them hold the file), the longer its path; a stable sort keeps the rest.
    return [...candidates].sort((a, b) => path.dirname(b).length - path.dirname(a).length);
  }

  /** The Filer manifest at a path when it names `relative`: the open document's version, or the file on disk. */
  private manifestNaming(manifestPath: string, relative: string): ManifestVersion | undefined {
    if (this.env.documents.isOpen(manifestPath)) {
      const entry = this.env.documents.manifestFor(fileUri(manifestPath));
      return entry && names(entry, relative) ? entry : undefined;
    }
    if (!this.env.workspaceFolderPaths().some((folder) => isInside(folder, manifestPath))) return undefined;
    const stats = host().fileStamp(manifestPath);
    if (!stats?.isFile) return undefined;
    const signature = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${this.env.settingsGeneration()}`;
    const known = this.scriptsOnDisk.get(manifestPath);
    if (known?.signature === signature && !known.scripts?.has(relative)) return undefined;
    const kept = this.fromDisk.get(manifestPath);
    if (kept?.signature === signature) return kept.entry;
    // Read as every file is; a version is parsed once, whichever handler asks.
    const entry = this.env.cache.readFromDisk(manifestPath);
    if ('kind' in entry) return undefined;
    const scripts = entry.isFilerManifest ? scriptsNamedBy(entry) : undefined;
    this.scriptsOnDisk.set(manifestPath, { signature, scripts });
    if (!scripts?.has(relative)) return undefined;
    this.fromDisk.delete(manifestPath);
    this.fromDisk.set(manifestPath, { signature, entry });
    if (this.fromDisk.size > keptFromDisk) this.fromDisk.delete(this.fromDisk.keys().next().value!);
    return entry;
  }
}

/** Whether a Filer manifest names the plugin-relative path as a handler. */
function names(entry: ManifestVersion, relative: string): boolean {
  return handlerPaths(entry.model).includes(relative);
}

/** The JavaScript modules a Filer manifest names as handlers, plugin-relative. */
function scriptsNamedBy(entry: ManifestVersion): Set<string> {
  return new Set(handlerPaths(entry.model).filter((relative) => scriptFile.test(relative)));
}
