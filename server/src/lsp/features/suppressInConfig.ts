import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import {
  addSuppressionEdits,
  LineIndex,
  newConfigWith,
  removeSuppressionEdits,
  removeUnusedSuppressionTitle,
  suppressInConfigTitle,
  suppressionFor,
  type ManifestAnalysis,
  type RuleData,
} from '../../engine';
import { engineDiagnosticOf } from './codeActions';

/**
 * The command "Suppress <code> in filer-manifest.config.json" carries: never an edit, as the config file may be edited
 * (or made) before the fix is applied; the server finds the config file and reads it when the command runs.
 */
export const suppressInConfigCommand = 'filer.suppressInConfig';

/** What the command carries: the finding (its manifest, code and range). */
export interface SuppressInConfigArguments {
  manifest: string;
  code: string;
  range: Range;
}

/**
 * For each finding of ours the client sent from a manifest that a suppression can accept (the engine's suppressionFor),
 * the command that adds its entry to the config file; none for a client that cannot be asked to apply an edit.
 */
export function suppressInConfigActions(
  diagnostics: readonly Diagnostic[],
  manifest: { uri: string; analysis: ManifestAnalysis },
): CodeAction[] {
  const { diagnostics: findings, document } = manifest.analysis;
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const finding = engineDiagnosticOf(diagnostic, findings, undefined);
    // The path is the config file's to say when the command runs; any will do to ask whether a pointer exists.
    if (!finding || !suppressionFor(finding, document.root, 'manifest.json')) continue;
    const title = suppressInConfigTitle(finding.code);
    const found: SuppressInConfigArguments = { manifest: manifest.uri, code: finding.code, range: diagnostic.range };
    actions.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      command: { title, command: suppressInConfigCommand, arguments: [found] },
    });
  }
  return actions;
}

/** The config file as the command finds it: its path's URI, its text now (none: to be made) and its open version. */
interface ConfigNow {
  uri: string;
  relative: string;
  text: string | undefined;
  version: number | null;
}

/**
 * The edit that adds the finding's entry to the config file as it is now: its text's edit (versioned when it is open),
 * or the file made with the entry. Undefined when the finding is gone, or the file cannot take the entry (it is not a
 * JSON object, its `suppress` is not a list, it has the entry already).
 */
export function suppressInConfigEdit(
  args: SuppressInConfigArguments,
  analysis: ManifestAnalysis,
  config: ConfigNow,
  client: { documentChanges: boolean; createFiles: boolean },
): WorkspaceEdit | undefined {
  const sent = { range: args.range, code: args.code, message: '' };
  const finding = engineDiagnosticOf(sent, analysis.diagnostics, undefined);
  const entry = finding && suppressionFor(finding, analysis.document.root, config.relative);
  if (!entry) return undefined;
  const start = { line: 0, character: 0 };
  if (config.text === undefined) {
    const write: TextEdit = { range: { start, end: start }, newText: newConfigWith(entry) };
    if (!client.createFiles && !client.documentChanges) return { changes: { [config.uri]: [write] } };
    const create = { kind: 'create' as const, uri: config.uri, options: { overwrite: false, ignoreIfExists: false } };
    const edit = { textDocument: { uri: config.uri, version: null }, edits: [write] };
    return { documentChanges: client.createFiles ? [create, edit] : [edit] };
  }
  const edits = addSuppressionEdits(config.text, entry);
  if (!edits) return undefined;
  const lines = new LineIndex(config.text);
  const textEdits = edits.map((edit) => ({ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }));
  return client.documentChanges
    ? { documentChanges: [{ textDocument: { uri: config.uri, version: config.version }, edits: textEdits }] }
    : { changes: { [config.uri]: textEdits } };
}

/**
 * In a config file, for each config.unused-suppression the client sent: the edit that removes its entry from
 * `suppress`, made from the server's own finding at the same range (never the data the client sent back) and the open
 * file's text, versioned.
 */
export function removeUnusedSuppressionActions(
  sent: readonly Diagnostic[],
  found: readonly Diagnostic[],
  config: { uri: string; version: number; text: string },
  documentChanges: boolean,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of sent) {
    if (diagnostic.code !== 'config.unused-suppression') continue;
    const same = found.find((ours) => ours.code === diagnostic.code && sameRange(ours.range, diagnostic.range));
    const edits = same && removeSuppressionEdits(config.text, same.data as RuleData<'config.unused-suppression'>);
    if (!edits) continue;
    const lines = new LineIndex(config.text);
    const textEdits = edits.map((edit) => ({ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }));
    actions.push({
      title: removeUnusedSuppressionTitle,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: documentChanges
        ? { documentChanges: [{ textDocument: { uri: config.uri, version: config.version }, edits: textEdits }] }
        : { changes: { [config.uri]: textEdits } },
    });
  }
  return actions;
}

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}
