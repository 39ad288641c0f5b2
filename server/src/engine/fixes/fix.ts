import type { DiagnosticOf } from '../diagnostics';
import type { ManifestModel } from '../model/manifestModel';
import type { ParsedDocument } from '../parse/parseDocument';

/** A diagnostic, as a fix sees it: of any rule (the fixes are below the registry, which knows every code). */
type AnyDiagnostic = DiagnosticOf<string>;

/** An edit of the manifest's text by offsets; the LSP layer turns it into a TextEdit. */
export interface OffsetEdit {
  offset: number;
  length: number;
  newText: string;
}

/** A file a fix creates: its plugin-relative path and its text. */
export interface NewFile {
  filePath: string;
  text: string;
}

/**
 * Whether a file may be created at a plugin-relative path: nothing there, and no folder on the way leaves the plugin
 * folder.
 */
export type Creatable = (filePath: string) => 'free' | 'exists' | 'outside';

/**
 * An edit of another file of the plugin folder that is there already (a tool's schema): made from that file's text as
 * it is when the fix is applied, never from the text read when the fix was offered, which may have changed since (the
 * file edited in the editor, or on disk). `editsFor` is undefined when that text no longer needs the edit, or no longer
 * has room for it.
 */
export interface FileEdit {
  /** Plugin-relative, normalized (`tools/count.schema.json`). */
  filePath: string;
  editsFor(text: string): OffsetEdit[] | undefined;
}

/** One quick fix, as the engine proposes it: no LSP type in it. */
export interface FixProposal {
  title: string;
  /** Edits of the manifest. */
  edits: OffsetEdit[];
  /** Files created, before the manifest is edited. */
  newFiles: NewFile[];
  /** Edits of other files that exist, each made when the fix is applied. */
  fileEdits?: FileEdit[];
  isPreferred?: boolean;
  /** The diagnostics it mends, when more than the one it was asked for ("fix all"). */
  mends?: AnyDiagnostic[];
}

/**
 * What a fix may know besides its finding's data: the analysis of the document (a ManifestAnalysis, typed
 * by its shape here so that the fixes, below the validator, do not import it), the other findings of the
 * same rule, and facts from outside the engine.
 */
export interface FixInput<D = unknown> {
  analysis: { document: ParsedDocument; model: ManifestModel; diagnostics: readonly AnyDiagnostic[] };
  /** The diagnostic the fix is asked for. */
  diagnostic: AnyDiagnostic;
  /** Every finding of the same rule in the document, in order (the one asked for among them), with its data. */
  sameRule: readonly { diagnostic: AnyDiagnostic; data: D }[];
  /** Whether a file may be created at a plugin-relative path (asked of the plugin folder). */
  creatable: Creatable;
  /** The plugin folder's name, for a placeholder `name`. */
  folderName: string;
  /**
   * What the fixes asked for in one request share, made on the first ask under `key`: a proposal that
   * mends every diagnostic of a rule ("fix all") is the same for each of them, and is made (and sent) once.
   * A client asks for the fixes of every diagnostic on a line, and a manifest written on one line has
   * all of them there.
   */
  shared<T>(key: string, make: () => T): T;
}

/**
 * A rule's quick fix: from the data its finding carries, the fixes it proposes (none when the document no longer fits).
 */
export interface Fix<D> {
  (data: D, input: FixInput<D>): FixProposal[];
  /** Applied with nobody choosing, by `check --fix` and the editor's "Fix all" (see unattended). */
  readonly unattended?: true;
}

/**
 * A fix that `check --fix` and the editor's "Fix all" apply with nobody choosing: one whose result the reference alone
 * decides. A fix that grants a permission, changes how a tool is gated, guesses what was meant ("did you mean") or
 * writes a placeholder for the author to fill is a person's choice, offered in the editor only.
 */
export function unattended<D>(fix: (data: D, input: FixInput<D>) => FixProposal[]): Fix<D> {
  return Object.assign(fix, { unattended: true as const });
}

/** One preferred proposal that edits the manifest. */
export function edit(title: string, edits: OffsetEdit[], isPreferred = true): FixProposal[] {
  return [{ title, edits, newFiles: [], ...(isPreferred ? { isPreferred } : {}) }];
}
