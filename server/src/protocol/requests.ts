/**
 * What the language server and the VS Code client say to each other beyond LSP: method names, params and
 * results. Types and names only, so that both sides import this one file (the client's bundle takes
 * nothing from the engine but these types).
 */
import type { ContextMenuModel, MenuSelection } from '../engine/menu/menuModel';
import type { GatingReport } from '../engine/categories/gatingReview';

export type {
  ContextMenuModel,
  DialogControl,
  GenerateButton,
  MenuDialog,
  MenuEntry,
  MenuSelection,
  MenuTool,
  SelectionKind,
} from '../engine/menu/menuModel';
export type { ApprovalCategory } from '../engine/categories/approvalCategory';
export type { GatingReport } from '../engine/categories/gatingReview';
export type { SourceSpan } from '../engine/model/sourceSpan';

/** Request `filer/contextMenu`: client → server, on the document as it is in the editor. */
export const contextMenuMethod = 'filer/contextMenu';
export interface ContextMenuParams {
  /** The manifest document's URI. */
  uri: string;
  selection: MenuSelection;
}
/** `null` when the document is not open or is not a Filer manifest. */
export type ContextMenuResult = ContextMenuModel | null;

/** Request `filer/manifestStatus`: client → server, whether an open document is a Filer manifest. */
export const manifestStatusMethod = 'filer/manifestStatus';
export interface ManifestStatusParams {
  uri: string;
}
export interface ManifestStatus {
  recognized: boolean;
  /** The manifest's `name`, when it has one. */
  name: string | undefined;
  /**
   * Why it is (or is not) taken as a Filer manifest, e.g. `has contributes` or `forced in by
   * filerManifest.files.include`.
   */
  reason: string;
  /** Counts of its current diagnostics, for the status item's detail. */
  errors: number;
  warnings: number;
}

/** Request `filer/gating`: client → server, the Gating view's data, on the document as it is in the editor. */
export const gatingMethod = 'filer/gating';
export interface GatingParams {
  /** The manifest document's URI. */
  uri: string;
}
/** `null` when the document is not open or is not a Filer manifest. */
export type GatingResult = GatingReport | null;

/**
 * The plugin folders' files, served by a client that says so: server → client, asked only of a client whose
 * `initializationOptions.serveFiles` is `true` (the VS Code extension on the web, where the server runs in a Web
 * Worker with no disk: it answers with `workspace.fs`). Every URI is a `file:` URI of the server's (the client maps
 * the workspace's own URIs to them, and back). The server checks every answer as hostile: an answer of the wrong
 * shape, too large, or an error counts as a file that cannot be read, on that file alone.
 */
export const readFileMethod = 'filer/fs/readFile';
export interface FileRequestParams {
  uri: string;
}
export interface ReadFileParams extends FileRequestParams {
  /** A file larger than this is not read: the answer is `{ tooLarge: size }`. */
  maxBytes: number;
}
/** The file's text (UTF-8), or its size when past `maxBytes`; `null` when nothing is there. */
export type ReadFileResult = { text: string } | { tooLarge: number } | null;

/** What is at a URI: VS Code's FileType bits (1 file, 2 directory, 64 symbolic link) and its size; `null`: nothing. */
export const statMethod = 'filer/fs/stat';
export type StatResult = { type: number; size: number; mtime: number } | null;

/** A folder's entries, by their own type (a link is not followed): `[name, FileType bits]`; `null`: no such folder. */
export const readDirectoryMethod = 'filer/fs/readDirectory';
export type ReadDirectoryResult = [string, number][] | null;
