import type { ManifestModel } from '../model/manifestModel';
import { handlerFacts, isBlank, type HandlerFacts } from '../model/handlerUses';
import {
  containsDotDot,
  fileReferences,
  isAbsolutePath,
  normalizeRelativePath,
  type FileReference,
} from '../model/references';
import { analyzeToolSchema, type ToolSchemaFacts, type ToolSchemaResult } from '../model/toolSchema';
import type { FileKind, FileRead, PluginFolder } from './pluginFolder';

/** Why a file the manifest names cannot be used. */
export type Unusable = Exclude<FileRead, { kind: 'text' }>;

/** One path the manifest names whose file was looked at, and what it holds as far as the rules care. */
type ReferencedFile = { reference: FileReference } & (
  | { read: 'unusable'; why: Unusable }
  /** The process command: its existence is all that is checked. */
  | { read: 'exists' }
  /** A prompt template: whether it has any text. */
  | { read: 'prompt'; empty: boolean }
  | { read: 'handler'; facts: HandlerFacts }
  | { read: 'schema'; analysis: ToolSchemaResult }
);

/** The files the manifest names, read once per validation: each rule area checks its part. */
export interface ReferencedFiles {
  /** Every path the manifest names. */
  references: FileReference[];
  /** The files behind them that were looked at: none without a folder, none for a ".." or an absolute path. */
  files: ReferencedFile[];
  /** The facts of each tool's schema that could be read and analysed, by tool index. */
  schemaFacts: Map<number, ToolSchemaFacts>;
  /** Every tool has a schema file that was read as a valid JSON Schema. */
  everySchemaRead: boolean;
}

/**
 * The files `model` names (its `references`, when the caller has made them already), read through
 * `folder` (none are read without one). Called once per validation (RuleContext.files).
 */
export function referencedFiles(
  model: ManifestModel,
  folder: PluginFolder | undefined,
  references = fileReferences(model),
): ReferencedFiles {
  const schemaFacts = new Map<number, ToolSchemaFacts>();
  let everySchemaRead = true;
  const files: ReferencedFile[] = [];
  for (const reference of references) {
    const file = folder && readOne(reference, folder);
    if (file) files.push(file);
    if (reference.kind === 'tool-schema') {
      if (file?.read === 'schema' && file.analysis.kind === 'ok')
        schemaFacts.set(reference.toolIndex!, file.analysis.facts);
      else everySchemaRead = false;
    }
  }
  return { references, files, schemaFacts, everySchemaRead };
}

/** The folder-relative form of a path that may be read: not one with "..", not an absolute one. */
function readablePath(filePath: string): string | undefined {
  if (containsDotDot(filePath) || isAbsolutePath(filePath)) return undefined;
  // "", "." and "./" name the plugin folder itself: asked for like any path, it is a folder, not a file.
  return normalizeRelativePath(filePath);
}

/** Undefined for a path that is not read (a "..", an absolute path). */
function readOne(reference: FileReference, folder: PluginFolder): ReferencedFile | undefined {
  const relative = readablePath(reference.filePath);
  if (relative === undefined) return undefined;
  if (reference.kind === 'tool-schema') {
    const outcome = schemaOutcome(folder, relative);
    return outcome.kind === 'analysed'
      ? { reference, read: 'schema', analysis: outcome.analysis }
      : { reference, read: 'unusable', why: outcome };
  }
  const kind = folder.stat(relative);
  if (kind !== 'file') return { reference, read: 'unusable', why: unusable(kind) };
  if (reference.kind === 'command') return { reference, read: 'exists' };
  if (reference.kind === 'prompt') return { reference, read: 'prompt', empty: promptIsEmpty(folder, relative) };
  return { reference, read: 'handler', facts: handlerFactsOf(folder, relative) };
}

/** What the rules learn from a tool's schema file: why it cannot be read, or what its text says. */
type SchemaOutcome = Unusable | { kind: 'analysed'; analysis: ToolSchemaResult };

function schemaOutcome(folder: PluginFolder, relativePath: string): SchemaOutcome {
  return derivedFrom(folder, relativePath, 'tool-schema', () => {
    const read = folder.readText(relativePath);
    return read.kind === 'text' ? { kind: 'analysed', analysis: analyzeToolSchema(read.text) } : read;
  });
}

/** What a handler's text says; nothing when it cannot be read (whether it exists is the stat's to say). */
function handlerFactsOf(folder: PluginFolder, relativePath: string): HandlerFacts {
  return derivedFrom(folder, relativePath, 'handler-facts', () => {
    const read = folder.readText(relativePath);
    return read.kind === 'text' ? handlerFacts(read.text) : { uses: [], empty: false };
  });
}

/** Whether a prompt template has no text; one that cannot be read is not said to be empty. */
function promptIsEmpty(folder: PluginFolder, relativePath: string): boolean {
  return derivedFrom(folder, relativePath, 'prompt-empty', () => {
    const read = folder.readText(relativePath);
    return read.kind === 'text' && isBlank(read.text);
  });
}

/** Through the host's memory when it has one, so it keeps facts instead of texts. */
function derivedFrom<T>(folder: PluginFolder, relativePath: string, purpose: string, derive: () => T): T {
  return folder.rememberUntilChanged ? folder.rememberUntilChanged(relativePath, purpose, derive) : derive();
}

function unusable(kind: Exclude<FileKind, 'file'>): Unusable {
  switch (kind) {
    case 'missing':
      return { kind: 'missing' };
    case 'outside':
      return { kind: 'outside' };
    case 'directory':
      return { kind: 'not-a-file', what: 'directory' };
    case 'other':
      return { kind: 'not-a-file', what: 'other' };
  }
}
