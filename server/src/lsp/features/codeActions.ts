import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
  type CreateFile,
} from 'vscode-languageserver';
import {
  kebabCase,
  keyNode,
  keyOf,
  nodeAtPath,
  propertyNode,
  referenceKindAt,
  ruleByCode,
  toKebabCase,
  valueNode,
  type FixData,
  type FixKind,
  type JsonNode,
  type ManifestAnalysis,
  type ManifestDiagnostic,
} from '../../engine';
import { idSymbols } from '../symbolIndex';
import { eolOf, formatJson, insertProperty, lineIndentAt, removeMember, replaceNode, type OffsetEdit } from '../textEdits';
import { pathSuggestion } from './completion';
import { fixLegacyTools, type Creatable, type NewFile } from './legacyToolFix';

/** What a quick fix may know about the document and the client. */
export interface FixContext {
  uri: string;
  version: number;
  analysis: ManifestAnalysis;
  /** The file URI of a plugin-relative path; absent for a document that is not on disk. */
  fileUri?: (relativePath: string) => string;
  /** Whether a file may be created at a plugin-relative path: nothing there, and no folder on the way leaves the plugin folder. */
  creatable: Creatable;
  /** The client takes `documentChanges` (versioned edits); otherwise plain `changes` are sent. */
  documentChanges: boolean;
  /** The client applies CreateFile in a WorkspaceEdit (it declares resourceOperations "create"). */
  canCreateFiles: boolean;
  /** The folder's name, for a placeholder `name`. */
  folderName: string;
}

/** A fix of one kind; it receives the diagnostic's FixData (the engine's `data`). */
type FixProvider = (diagnostic: Diagnostic, data: FixData, context: FixContext) => CodeAction[];

/** Every quick fix for the diagnostics the client sent, found by their codes (never by message text). */
export function quickFixes(diagnostics: Diagnostic[], context: FixContext): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const code = typeof diagnostic.code === 'string' ? diagnostic.code : undefined;
    const provider = code ? providerFor(code) : undefined;
    if (!provider) continue;
    const data = fixDataOf(diagnostic, context.analysis.diagnostics);
    if (!data) continue;
    actions.push(...provider(diagnostic, data, context));
  }
  return actions;
}

/** The rule's definition names its fix's kind. */
function providerFor(code: string): FixProvider | undefined {
  const kind = ruleByCode.get(code)?.fix;
  return kind ? providers[kind] : undefined;
}

/** The diagnostic's data as sent back by the client, or, when a client dropped it, the engine's own for the same code and range. */
function fixDataOf(diagnostic: Diagnostic, engineDiagnostics: ManifestDiagnostic[]): FixData | undefined {
  if (diagnostic.data && typeof diagnostic.data === 'object') return diagnostic.data as FixData;
  const same = engineDiagnostics.find(
    (candidate) =>
      candidate.code === diagnostic.code &&
      candidate.range.start.line === diagnostic.range.start.line &&
      candidate.range.start.character === diagnostic.range.start.character &&
      candidate.range.end.line === diagnostic.range.end.line &&
      candidate.range.end.character === diagnostic.range.end.character,
  );
  return same?.data;
}

// ---------------------------------------------------------------------------------------------
// Building edits

function textEdits(context: FixContext, edits: OffsetEdit[]): TextEdit[] {
  const lines = context.analysis.document.lines;
  return edits.map((edit) => ({ range: lines.rangeOf(edit.offset, edit.length), newText: edit.newText }));
}

function textEdit(context: FixContext, edits: OffsetEdit[]): TextDocumentEdit {
  return { textDocument: { uri: context.uri, version: context.version }, edits: textEdits(context, edits) };
}

function manifestEdit(context: FixContext, edits: OffsetEdit[]): WorkspaceEdit {
  return context.documentChanges ? { documentChanges: [textEdit(context, edits)] } : { changes: { [context.uri]: textEdits(context, edits) } };
}

/**
 * Files first, then the manifest: one WorkspaceEdit, applied as one step. A client that applies CreateFile
 * (it declares resourceOperations "create") gets each file created, then written, in `documentChanges`,
 * even if it does not declare `documentChanges`: resource operations exist only there, and Neovim
 * declares the one without the other. A client that cannot create files (Eglot) gets the new file's
 * text as an edit of its (not yet existing) URI, which it opens as a new, unsaved buffer for that path:
 * the file exists once the user saves it. An empty file cannot be made that way: no fix then.
 */
function editWithFiles(context: FixContext, edits: OffsetEdit[], files: NewFile[]): WorkspaceEdit | undefined {
  if (files.length > 0 && !context.fileUri) return undefined;
  if (!context.canCreateFiles && files.some((file) => file.text === '')) return undefined;
  const uriOf = (file: NewFile) => context.fileUri!(file.relativePath);
  const creates: CreateFile[] = context.canCreateFiles ? files.map((file) => ({ kind: 'create', uri: uriOf(file), options: { overwrite: false, ignoreIfExists: false } })) : [];
  const writes: TextDocumentEdit[] = files
    .filter((file) => file.text !== '')
    .map((file) => ({ textDocument: { uri: uriOf(file), version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: file.text }] }));
  if (edits.length > 0) writes.push(textEdit(context, edits));
  if (context.canCreateFiles || context.documentChanges) return { documentChanges: [...creates, ...writes] };
  return { changes: Object.fromEntries(writes.map((write) => [write.textDocument.uri, write.edits as TextEdit[]])) };
}

function fix(title: string, diagnostic: Diagnostic | Diagnostic[], edit: WorkspaceEdit | undefined, isPreferred = false): CodeAction[] {
  if (!edit) return [];
  const diagnostics = Array.isArray(diagnostic) ? diagnostic : [diagnostic];
  return [{ title, kind: CodeActionKind.QuickFix, diagnostics, edit, ...(isPreferred ? { isPreferred } : {}) }];
}

function nodeOf(context: FixContext, path: FixData['path']): JsonNode | undefined {
  return path ? nodeAtPath(context.analysis.document.root, path) : undefined;
}

// ---------------------------------------------------------------------------------------------
// The legacy tool shape

const legacyToolShapeFix: FixProvider = (diagnostic, data, context) => {
  const { document, model } = context.analysis;
  if (data.toolIndex === undefined) return [];
  const actions: CodeAction[] = [];
  const single = fixLegacyTools(document, model, [data.toolIndex], context.creatable);
  if (single) {
    const moves = single.newFiles.length > 0 ? ` and move its parameters to ./${single.newFiles[0].relativePath}` : '';
    actions.push(...fix(`Use the current tool shape: rename "name" to "id"${moves}`, diagnostic, editWithFiles(context, single.manifestEdits, single.newFiles), true));
  }
  const legacy = context.analysis.diagnostics.filter((d) => d.code === diagnostic.code && d.data?.toolIndex !== undefined);
  if (legacy.length > 1) {
    const all = fixLegacyTools(document, model, legacy.map((d) => d.data!.toolIndex!), context.creatable);
    if (all) {
      const attached = legacy.map((d) => ({ range: d.range, message: d.message, code: d.code, severity: diagnostic.severity, source: diagnostic.source, data: d.data }));
      actions.push(...fix(`Fix all legacy tools in this file (${legacy.length})`, attached, editWithFiles(context, all.manifestEdits, all.newFiles)));
    }
  }
  return actions;
};

// ---------------------------------------------------------------------------------------------
// A byte-order mark, removed

const byteOrderMarkFix: FixProvider = (diagnostic, data, context) => {
  if (data.replacement !== '' || !context.analysis.document.text.startsWith('\uFEFF')) return [];
  return fix('Remove the byte-order mark', diagnostic, manifestEdit(context, [{ offset: 0, length: 1, newText: '' }]), true);
};

// ---------------------------------------------------------------------------------------------
// kebab-case a name or an action id (an action id is renamed where generate.actionId names it too)

const kebabCaseFix: FixProvider = (diagnostic, data, context) => {
  const node = nodeOf(context, data.path);
  if (node?.type !== 'string') return [];
  const kebab = toKebabCase(node.value as string);
  if (!kebabCase.test(kebab) || kebab === node.value) return [];
  const edits = [replaceNode(node, JSON.stringify(kebab))];
  // An action id is renamed where it is referenced too; a name declares no symbol.
  const symbol = idSymbols(context.analysis.model).find((s) => s.kind === 'action' && s.declarations.includes(node));
  for (const reference of symbol?.references ?? []) edits.push(replaceNode(reference, JSON.stringify(kebab)));
  return fix(`Change to ${JSON.stringify(kebab)} (kebab-case)`, diagnostic, manifestEdit(context, edits), true);
};

// ---------------------------------------------------------------------------------------------
// A missing required field, added with a placeholder

const requiredFieldFix: FixProvider = (diagnostic, data, context) => {
  const object = nodeOf(context, data.path);
  const field = data.missingField;
  if (object?.type !== 'object' || !field || propertyNode(object, field)) return [];
  const value = placeholderValue(data.path ?? [], field, context);
  const edit = insertProperty(context.analysis.document.text, object, field, (indent) => formatJson(value, context.analysis.document.text, indent));
  return fix(`Add missing "${field}"`, diagnostic, manifestEdit(context, [edit]), true);
};

function placeholderValue(objectPath: (string | number)[], field: string, context: FixContext): unknown {
  const { model } = context.analysis;
  const suggestedPath = pathSuggestion(objectPath, field, model);
  if (suggestedPath) return suggestedPath;
  if (objectPath.length === 0) {
    if (field === 'name') return toKebabCase(context.folderName) || 'my-plugin';
    if (field === 'displayName') return context.folderName || 'My Plugin';
    if (field === 'version') return '0.1.0';
  }
  if (field === 'scope') return 'single-file';
  if (field === 'type') return objectPath.includes('params') ? 'text' : 'string';
  if (field === 'toolId') return model.toolsById.keys().next().value ?? '';
  if (field === 'options') return [];
  return '';
}

// ---------------------------------------------------------------------------------------------
// Fields a runtime or an action kind forbids: removed

const removeMemberFix: FixProvider = (diagnostic, data, context) => {
    const value = nodeOf(context, data.path);
    const property = value?.parent?.type === 'property' ? value.parent : undefined;
    if (!property) return [];
    const edit = removeMember(context.analysis.document.text, property);
    return fix(`Remove "${keyOf(property)}"`, diagnostic, manifestEdit(context, [edit]), true);
};

// A static fs rule under runtime: "process" needs "parameter": true.
const parameterGrantFix: FixProvider = (diagnostic, data, context) => {
  const rule = nodeOf(context, data.path);
  if (rule?.type !== 'object') return [];
  const existing = propertyNode(rule, 'parameter')?.valueNode;
  const edit = existing ? replaceNode(existing, 'true') : insertProperty(context.analysis.document.text, rule, 'parameter', () => 'true');
  return fix('Add "parameter": true', diagnostic, manifestEdit(context, [edit]), true);
};

// ---------------------------------------------------------------------------------------------
// Replacements the engine computed: `./x` → `${dataDir}/x`, a URL → its host

const replacementFix: FixProvider = (diagnostic, data, context) => {
  const node = nodeOf(context, data.path);
  if (node?.type !== 'string' || data.replacement === undefined) return [];
  return fix(`Change to ${JSON.stringify(data.replacement)}`, diagnostic, manifestEdit(context, [replaceNode(node, JSON.stringify(data.replacement))]), true);
};

// ---------------------------------------------------------------------------------------------
// "Did you mean": an unknown key or hook event renamed, an unknown id replaced

const renameKeyFix: FixProvider = (diagnostic, data, context) => {
  const value = nodeOf(context, data.path);
  const property = value?.parent?.type === 'property' ? value.parent : undefined;
  if (!property || !data.suggestion) return [];
  const object = property.parent!;
  if (propertyNode(object, data.suggestion)) return [];
  return fix(`Change to "${data.suggestion}"`, diagnostic, manifestEdit(context, [replaceNode(keyNode(property), JSON.stringify(data.suggestion))]), true);
};

const suggestionFix: FixProvider = (diagnostic, data, context) => {
    const node = nodeOf(context, data.path);
    if (node?.type !== 'string' || !data.suggestion) return [];
    return fix(`Change to ${JSON.stringify(data.suggestion)}`, diagnostic, manifestEdit(context, [replaceNode(node, JSON.stringify(data.suggestion))]), true);
};

// ---------------------------------------------------------------------------------------------
// A ctx member a handler uses, its permission declared: `true`, or for fs the parameter grant

const declarePermissionFix: FixProvider = (diagnostic, data, context) => {
  const path = data.path;
  if (!path || path[0] !== 'permissions' || path.length < 2 || !path.every((segment) => typeof segment === 'string')) return [];
  const isFs = path[1] === 'fs';
  const edit = declarationEdit(context, path as string[], isFs ? { parameter: true } : true);
  if (!edit) return [];
  const title = `Declare \`${path.join('.')}\`${isFs ? ' with "parameter": true (the path comes from the tool\u2019s arguments)' : ''}`;
  return fix(title, diagnostic, manifestEdit(context, [edit]), true);
};

/**
 * Makes `path` hold `value`, adding the objects on the way that are missing; a `false` at the end
 * is turned on. Nothing where something else stands in the way (the author's own value is not overwritten).
 */
function declarationEdit(context: FixContext, path: string[], value: unknown): OffsetEdit | undefined {
  const text = context.analysis.document.text;
  let object = context.analysis.document.root;
  for (let depth = 0; object?.type === 'object'; depth++) {
    const existing = valueNode(object, path[depth]);
    const rest = path.slice(depth + 1);
    if (!existing) {
      const nested = rest.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      return insertProperty(text, object, path[depth], (indent) => formatJson(nested, text, indent));
    }
    if (rest.length === 0) return existing.value === false && value === true ? replaceNode(existing, 'true') : undefined;
    object = existing;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// A missing schema, handler or prompt file, created

const createFileFix: FixProvider = (diagnostic, data, context) => {
  // Missing, but where a folder on the way is a link out of the plugin folder (or a dangling one): never created there.
  if (!data.file || !data.path || context.creatable(data.file) !== 'free') return [];
  // What the field names, from the engine: a schema gets an empty object schema, a handler or a prompt an empty file, the process command none.
  const kind = referenceKindAt(data.path, context.analysis.model);
  if (kind === undefined || kind === 'command') return [];
  const text = kind === 'tool-schema' ? formatJson({ type: 'object', properties: {} }, context.analysis.document.text, '') + eolOf(context.analysis.document.text) : '';
  return fix(`Create ${data.file}`, diagnostic, editWithFiles(context, [], [{ relativePath: data.file, text }]));
};

// ---------------------------------------------------------------------------------------------
// Annotations declared on a tool that has none: one fix per category, the author picks

const annotationChoices: { label: string; annotations: Record<string, boolean> }[] = [
  { label: 'read (readOnlyHint: true)', annotations: { readOnlyHint: true } },
  { label: 'modify (readOnlyHint: false)', annotations: { readOnlyHint: false } },
  { label: 'delete (destructiveHint: true)', annotations: { readOnlyHint: false, destructiveHint: true } },
  { label: 'external (openWorldHint: true)', annotations: { openWorldHint: true } },
];

const declareAnnotationsFix: FixProvider = (diagnostic, data, context) => {
  const tool = nodeOf(context, data.path);
  if (tool?.type !== 'object') return [];
  // `annotations: {}` declares nothing, like no annotations at all: the fix fills it in place.
  const present = valueNode(tool, 'annotations');
  if (present && !(present.type === 'object' && !present.children?.length)) return [];
  const text = context.analysis.document.text;
  const declare = (annotations: Record<string, boolean>): OffsetEdit =>
    present
      ? replaceNode(present, formatJson(annotations, text, lineIndentAt(text, present.offset)))
      : insertProperty(text, tool, 'annotations', (indent) => formatJson(annotations, text, indent));
  return annotationChoices.flatMap(({ label, annotations }) => fix(`Declare annotations: ${label}`, diagnostic, manifestEdit(context, [declare(annotations)])));
};

// ---------------------------------------------------------------------------------------------

/** One provider per kind of fix the rule definitions name: a kind without one does not compile. */
const providers: Record<FixKind, FixProvider> = {
  'legacy-tool-shape': legacyToolShapeFix,
  'remove-byte-order-mark': byteOrderMarkFix,
  'kebab-case': kebabCaseFix,
  'add-required-field': requiredFieldFix,
  'remove-member': removeMemberFix,
  'add-parameter-grant': parameterGrantFix,
  'replace-with-replacement': replacementFix,
  'rename-key': renameKeyFix,
  'replace-with-suggestion': suggestionFix,
  'declare-permission': declarePermissionFix,
  'create-file': createFileFix,
  'declare-annotations': declareAnnotationsFix,
};
