import { statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  fileReferences,
  namedHandler,
  normalizeRelativePath,
  type ManifestDiagnostic,
  type NamedHandler,
} from '../engine';
import { isInside, readFileInside } from '../host/safeRead';
import type { EditorDocument } from './editorDocument';
import { filePathOf, type ManifestCache, type ManifestVersion } from './manifestCache';
import type { OpenDocuments } from './openDocuments';
import { maxFileBytes, type ServerSettings } from './settings';
import type { WorkspaceManifests } from './workspaceManifests';

/** The extensions of a JavaScript module a manifest may name as a handler. */
const scriptFile = /\.(js|mjs|cjs)$/i;
/** How far above a handler its manifest is looked for: a plugin's handlers sit a folder or two below it. */
const maxLevelsUp = 8;
/** Manifests read from disk for the handlers open in the editor, kept while they are unchanged on disk. */
const keptFromDisk = 8;

interface HandlerEnvironment {
  documents: OpenDocuments;
  cache: ManifestCache;
  workspace: WorkspaceManifests;
  settings(): ServerSettings;
  workspaceFolderPaths(): string[];
}

/** A Filer manifest that names a handler, and the handler's path as that manifest's folder names it. */
interface ManifestOfHandler {
  entry: ManifestVersion;
  /** Plugin-relative, as the engine's findings in it name it (`tools/count.js`). */
  relative: string;
}

/**
 * A JavaScript file is a handler when a Filer manifest names it: the `manifest.json` of a folder above
 * it (or a workspace manifest, or an open one, whose folder holds it) lists it as a tool, hook,
 * command or setting handler. Its findings are that manifest's analysis's findings in it, so a handler
 * is checked by the same validation as its manifest, never on its own; a file no manifest names gets
 * nothing from us.
 */
export class HandlerFiles {
  private readonly fromDisk = new Map<string, { signature: string; entry: ManifestVersion }>();

  constructor(private readonly env: HandlerEnvironment) {}

  /** The Filer manifests that name the file at `filePath` (none for a file that is not a JavaScript module). */
  manifestsOf(filePath: string): ManifestOfHandler[] {
    if (!scriptFile.test(filePath)) return [];
    const found: ManifestOfHandler[] = [];
    for (const manifestPath of this.candidates(filePath)) {
      const entry = this.manifestAt(manifestPath);
      if (!entry) continue;
      const relative = path.relative(path.dirname(manifestPath), filePath).split(path.sep).join('/');
      if (fileReferences(entry.model).some((reference) => normalizeRelativePath(reference.filePath) === relative))
        found.push({ entry, relative });
    }
    return found;
  }

  /**
   * The handler at `filePath` as the first manifest that names it reads it (its folder's open texts included);
   * undefined for any other file.
   */
  named(filePath: string): NamedHandler | undefined {
    for (const { entry, relative } of this.manifestsOf(filePath)) {
      const folder = entry.folder();
      const handler = folder && namedHandler(entry.model, folder, relative);
      if (handler) return handler;
    }
    return undefined;
  }

  /** The findings of every manifest that names this open document in it; undefined when none names it. */
  diagnostics(document: EditorDocument): ManifestDiagnostic[] | undefined {
    const filePath = filePathOf(document.uri);
    const manifests = filePath ? this.manifestsOf(filePath) : [];
    if (manifests.length === 0) return undefined;
    return manifests.flatMap(({ entry, relative }) =>
      entry.analysis('with-handlers').diagnostics.filter((diagnostic) => diagnostic.file === relative),
    );
  }

  /**
   * Changes with this version of the document (never repeating, as a manifest's) and with each manifest's diagnostics.
   */
  resultId(document: EditorDocument): string {
    const filePath = filePathOf(document.uri);
    const manifests = filePath ? this.manifestsOf(filePath) : [];
    return `handler.${this.env.documents.entry(document).serial}|${manifests.map(({ entry }) => entry.resultId()).join('|')}`;
  }

  /** The open documents a manifest names as handlers: re-checked when it changes. */
  openHandlersOf(manifestPath: string): string[] {
    return this.env.documents.all().flatMap((document) => {
      const filePath = filePathOf(document.uri);
      return filePath &&
        isInside(path.dirname(manifestPath), filePath) &&
        this.manifestsOf(filePath).some(({ entry }) => entry.filePath === manifestPath)
        ? [document.uri]
        : [];
    });
  }

  /** The manifest.json of each folder above the file, and every known manifest whose folder holds it, each once. */
  private candidates(filePath: string): string[] {
    const candidates = new Set<string>();
    let folder = path.dirname(filePath);
    for (let level = 0; level < maxLevelsUp; level++) {
      candidates.add(path.join(folder, 'manifest.json'));
      const parent = path.dirname(folder);
      if (parent === folder) break;
      folder = parent;
    }
    const known = [
      ...this.env.workspace.all(),
      ...this.env.documents.all().flatMap((document) => filePathOf(document.uri) ?? []),
    ];
    for (const manifestPath of known)
      if (manifestPath !== filePath && isInside(path.dirname(manifestPath), filePath)) candidates.add(manifestPath);
    return [...candidates];
  }

  /** The Filer manifest at a path: the open document's version, or the file on disk (read as every file is). */
  private manifestAt(manifestPath: string): ManifestVersion | undefined {
    const uri = pathToFileURL(manifestPath).href;
    if (this.env.documents.isOpen(manifestPath)) return this.env.documents.manifestFor(uri);
    const stats = statSync(manifestPath, { throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    const signature = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    const kept = this.fromDisk.get(manifestPath);
    if (kept?.signature === signature) return kept.entry.isFilerManifest ? kept.entry : undefined;
    const root =
      this.env.workspaceFolderPaths().find((workspaceFolder) => isInside(workspaceFolder, manifestPath)) ??
      path.dirname(manifestPath);
    const read = readFileInside(root, manifestPath, maxFileBytes(this.env.settings()));
    if (read.kind !== 'text') return undefined;
    const entry = this.env.cache.fromDisk(uri, read.text);
    this.fromDisk.delete(manifestPath);
    this.fromDisk.set(manifestPath, { signature, entry });
    if (this.fromDisk.size > keptFromDisk) this.fromDisk.delete(this.fromDisk.keys().next().value!);
    return entry.isFilerManifest ? entry : undefined;
  }
}
