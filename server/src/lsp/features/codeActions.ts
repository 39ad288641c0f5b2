import {
  CodeActionKind,
  type CodeAction,
  type CreateFile,
  type Diagnostic,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import {
  fixAll,
  LineIndex,
  proposeFixes,
  ruleByCode,
  sharedInOneRequest,
  suppressionEdit,
  type Creatable,
  type FixProposal,
  type ManifestAnalysis,
  type ManifestDiagnostic,
  type NewFile,
  type OffsetEdit,
  type ValidateOptions,
} from '../../engine';

/**
 * The command a fix carries instead of an edit when its edit must be made as it is applied (ApplyFixArguments): a fix
 * to a manifest that is not open, or one that edits another file of the plugin (a tool's schema).
 */
export const applyFixCommand = 'filer.applyFixToManifestOnDisk';

/**
 * What that command carries: the finding (the document it is in, a handler or the manifest, its code and range) and
 * the fix's title, never an edit. A WorkspaceEdit of a file that is not open cannot say which text it was made for,
 * and a file may change before the fix is applied (an edit of lines that moved writes invalid JSON): the server reads
 * the manifest and the files the fix edits again when the command runs, and computes the fix from what they hold then.
 */
export interface ApplyFixArguments {
  /** The document the finding is in: a handler, or the manifest itself. */
  document: string;
  manifest: string;
  code: string;
  range: Range;
  title: string;
}

/** A file of the plugin as it is now: the editor's text and version when it is open there, else the disk's. */
interface FileNow {
  uri: string;
  /** The open document's version; null for a file that is not open. */
  version: number | null;
  text: string;
}

/** What a quick fix may know about the document and the client. */
interface FixContext {
  /** The manifest's: every fix edits the manifest (and may create files). */
  uri: string;
  /** The open manifest's version; null for a manifest that is not open (read when a fix's command runs). */
  version: number | null;
  analysis: ManifestAnalysis;
  /** The file the client's diagnostics are in, when it is not the manifest: a handler's plugin-relative path. */
  inFile?: string;
  /** The document the client asked about: the manifest, or the handler its diagnostics are in. */
  documentUri: string;
  /** The manifest is not open: each fix is then the command that computes it when it runs. */
  computedWhenRun?: boolean;
  /**
   * The fix is being applied (its command runs): the edits of other files are made now, from their text as it is.
   * Otherwise a fix that edits another file is the command that makes its edit when it runs.
   */
  applying?: boolean;
  /** The client may be asked to apply an edit (`workspace/applyEdit`): how a fix made when it runs is applied. */
  applyEdit: boolean;
  /** A plugin-relative file as it is now; undefined when it cannot be read. */
  fileNow?: (filePath: string) => FileNow | undefined;
  /** The file URI of a plugin-relative path; absent for a document that is not on disk. */
  fileUri?: (filePath: string) => string;
  /**
   * Whether a file may be created at a plugin-relative path: nothing there, and no folder on the way leaves the plugin
   * folder.
   */
  creatable: Creatable;
  /** The client takes `documentChanges` (versioned edits); otherwise plain `changes` are sent. */
  documentChanges: boolean;
  /** The client applies CreateFile in a WorkspaceEdit (it declares resourceOperations "create"). */
  canCreateFiles: boolean;
  /** The folder's name, for a placeholder `name`. */
  folderName: string;
}

/**
 * Every quick fix for the diagnostics the client sent: the rule of each one's code (never its message
 * text) proposes its fixes from the engine's own finding at the same place, and each proposal becomes a
 * WorkspaceEdit this client can apply.
 */
export function quickFixes(diagnostics: Diagnostic[], context: FixContext): CodeAction[] {
  const actions: CodeAction[] = [];
  // What the fixes share in this request (a "fix all"), and the proposals sent: one shared by several diagnostics is
  // sent once.
  const shared = sharedInOneRequest();
  const sent = new Set<FixProposal>();
  for (const diagnostic of diagnostics) {
    const hasFix = typeof diagnostic.code === 'string' && ruleByCode.get(diagnostic.code)?.fix !== undefined;
    const finding = hasFix && engineDiagnosticOf(diagnostic, context.analysis.diagnostics, context.inFile);
    if (!finding) continue;
    const { analysis, creatable, folderName } = context;
    for (const proposal of proposeFixes(finding, analysis, { creatable, folderName, shared })) {
      if (sent.has(proposal)) continue;
      sent.add(proposal);
      const action = codeAction(proposal, diagnostic, context);
      if (action) actions.push(action);
    }
  }
  return actions;
}

/** The code action kind of "Fix all" (`editor.codeActionsOnSave: { "source.fixAll.filer": "explicit" }`). */
export const fixAllKind = `${CodeActionKind.SourceFixAll}.filer`;

/**
 * "Fix all": every fix nobody needs to choose (the engine's fixAll, as `check --fix` applies them) in one edit of the
 * manifest, with the files they make. None when there is nothing to fix, and no file is made where the client cannot
 * create one.
 */
export function fixAllAction(context: FixContext, options: ValidateOptions): CodeAction | undefined {
  const before = context.analysis.document.text;
  const creatable: Creatable = context.fileUri ? context.creatable : () => 'outside';
  // The files a fix makes are new to the folder: no fact the host remembered of it holds for them.
  const fixed = fixAll(before, { ...options, fileFacts: undefined, creatable, folderName: context.folderName });
  if (fixed.applied.length === 0) return undefined;
  const edits = [changedSpan(before, fixed.text)];
  const edit = fixed.newFiles.length > 0 ? editWithFiles(context, edits, fixed.newFiles) : manifestEdit(context, edits);
  const count = fixed.applied.length;
  const title = `Fix all: apply the ${count === 1 ? 'fix' : `${count} fixes`} that need no choice`;
  return edit && { title, kind: fixAllKind, edit };
}

/** One edit from the first character that changed to the last: what is around it, the cursor's place, stays. */
function changedSpan(before: string, after: string): OffsetEdit {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return { offset: start, length: before.length - start - end, newText: after.slice(start, after.length - end) };
}

/**
 * "Suppress <code> on this line" for each finding of ours the client sent from a handler: a comment above the line
 * that accepts it (the engine's suppressionEdit), one edit of the open handler, as ESLint's "Disable … for this line".
 */
export function suppressionActions(
  diagnostics: Diagnostic[],
  findings: readonly ManifestDiagnostic[],
  inFile: string,
  handler: { uri: string; version: number; text: string },
  documentChanges: boolean,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const offered = new Set<string>();
  for (const diagnostic of diagnostics) {
    const finding = engineDiagnosticOf(diagnostic, findings, inFile);
    if (!finding) continue;
    const { code } = finding;
    const line = finding.range.start.line;
    if (offered.has(`${code}\0${line}`)) continue;
    offered.add(`${code}\0${line}`);
    const edit = suppressionEdit(handler.text, line, code);
    const lines = new LineIndex(handler.text);
    const textEdit = { range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText };
    actions.push({
      title: `Suppress ${code} on this line`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: documentChanges
        ? { documentChanges: [{ textDocument: { uri: handler.uri, version: handler.version }, edits: [textEdit] }] }
        : { changes: { [handler.uri]: [textEdit] } },
    });
  }
  return actions;
}

/**
 * The engine's diagnostic of the same code and range, whose data the fix takes: the data a client sends
 * back is not trusted (it may have dropped it, or changed it), the finding of this version of the text is.
 */
export function engineDiagnosticOf(
  diagnostic: Pick<Diagnostic, 'code' | 'range'>,
  engineDiagnostics: readonly ManifestDiagnostic[],
  inFile: string | undefined,
): ManifestDiagnostic | undefined {
  return engineDiagnostics.find(
    (candidate) =>
      candidate.file === inFile &&
      candidate.code === diagnostic.code &&
      candidate.range.start.line === diagnostic.range.start.line &&
      candidate.range.start.character === diagnostic.range.start.character &&
      candidate.range.end.line === diagnostic.range.end.line &&
      candidate.range.end.character === diagnostic.range.end.character,
  );
}

function codeAction(proposal: FixProposal, diagnostic: Diagnostic, context: FixContext): CodeAction | undefined {
  // A fix that mends several diagnostics is attached to each, as the client shows them.
  const diagnostics = proposal.mends
    ? proposal.mends.map((d) => ({
        range: d.range,
        message: d.message,
        code: d.code,
        severity: diagnostic.severity,
        source: diagnostic.source,
        data: d.data,
      }))
    : [diagnostic];
  const { title } = proposal;
  const action: CodeAction = {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics,
    ...(proposal.isPreferred ? { isPreferred: true } : {}),
  };
  const editsOtherFiles = (proposal.fileEdits ?? []).length > 0;
  if (context.computedWhenRun || (editsOtherFiles && !context.applying)) {
    if (!context.applyEdit) return undefined;
    const found: ApplyFixArguments = {
      document: context.documentUri,
      manifest: context.uri,
      code: String(diagnostic.code),
      range: diagnostic.range,
      title,
    };
    return { ...action, command: { title, command: applyFixCommand, arguments: [found] } };
  }
  if (editsOtherFiles) {
    const edit = editOfOtherFiles(context, proposal);
    return edit && { ...action, edit };
  }
  const edit =
    proposal.newFiles.length > 0
      ? editWithFiles(context, proposal.edits, proposal.newFiles)
      : manifestEdit(context, proposal.edits);
  return edit && { ...action, edit };
}

/**
 * The edit of a fix that edits other files of the plugin (and perhaps the manifest), made as it is applied: each file's
 * edits from its text now, versioned when it is open. Undefined when a file cannot be read, or no longer needs the edit
 * (the fix was offered for a text that has changed since).
 */
function editOfOtherFiles(context: FixContext, proposal: FixProposal): WorkspaceEdit | undefined {
  const writes: TextDocumentEdit[] = [];
  for (const { filePath, editsFor } of proposal.fileEdits ?? []) {
    const now = context.fileNow?.(filePath);
    const edits = now && editsFor(now.text);
    if (!now || !edits) return undefined;
    const lines = new LineIndex(now.text);
    writes.push({
      textDocument: { uri: now.uri, version: now.version },
      edits: edits.map((edit) => ({ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText })),
    });
  }
  if (proposal.edits.length > 0) writes.push(textEdit(context, proposal.edits));
  if (context.documentChanges) return { documentChanges: writes };
  return { changes: Object.fromEntries(writes.map((write) => [write.textDocument.uri, write.edits as TextEdit[]])) };
}

function textEdits(context: FixContext, edits: OffsetEdit[]): TextEdit[] {
  const lines = context.analysis.document.lines;
  return edits.map((edit) => ({ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }));
}

function textEdit(context: FixContext, edits: OffsetEdit[]): TextDocumentEdit {
  return { textDocument: { uri: context.uri, version: context.version }, edits: textEdits(context, edits) };
}

function manifestEdit(context: FixContext, edits: OffsetEdit[]): WorkspaceEdit {
  return context.documentChanges
    ? { documentChanges: [textEdit(context, edits)] }
    : { changes: { [context.uri]: textEdits(context, edits) } };
}

/**
 * Files first, then the manifest: one WorkspaceEdit, applied as one step. A client that applies CreateFile
 * (it declares resourceOperations "create") gets each file created, then written, in `documentChanges`,
 * even if it does not declare `documentChanges`: resource operations exist only there, and Neovim
 * declares the one without the other. A client that cannot create files (Eglot) gets the new file's
 * text as an edit of its (not yet existing) URI, which it opens as a new, unsaved buffer for that path:
 * the file exists once the user saves it (every file a fix makes has text: a skeleton at least).
 */
function editWithFiles(context: FixContext, edits: OffsetEdit[], files: NewFile[]): WorkspaceEdit | undefined {
  if (!context.fileUri) return undefined;
  const uriOf = (file: NewFile) => context.fileUri!(file.filePath);
  const creates: CreateFile[] = context.canCreateFiles
    ? files.map((file) => ({ kind: 'create', uri: uriOf(file), options: { overwrite: false, ignoreIfExists: false } }))
    : [];
  const start = { line: 0, character: 0 };
  const writes: TextDocumentEdit[] = files.map((file) => ({
    textDocument: { uri: uriOf(file), version: null },
    edits: [{ range: { start, end: start }, newText: file.text }],
  }));
  if (edits.length > 0) writes.push(textEdit(context, edits));
  if (context.canCreateFiles || context.documentChanges) return { documentChanges: [...creates, ...writes] };
  return { changes: Object.fromEntries(writes.map((write) => [write.textDocument.uri, write.edits as TextEdit[]])) };
}
