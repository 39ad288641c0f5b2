import type { ManifestModel } from '../model/manifestModel';
import {
  handlerFacts,
  handlerText,
  isBlank,
  type HandlerFacts,
  type HandlerKind,
  type HandlerModule,
  type HandlerText,
} from '../handlers/handlerFacts';
import {
  containsDotDot,
  fileReferences,
  isAbsolutePath,
  normalizeRelativePath,
  type FileReference,
} from '../model/references';
import { analyzeToolSchema, type ToolSchemaFacts, type ToolSchemaResult } from '../model/toolSchema';
import type { FileKind, FileRead, PluginFolder } from './pluginFolder';

/**
 * Why a file the manifest names cannot be used; `check-failed` when reading or checking it threw, a fault of the host
 * or of this tool that fails this file alone.
 */
type Unusable = Exclude<FileRead, { kind: 'text' }> | { kind: 'check-failed'; detail: string };

/** One path the manifest names whose file was looked at, and what it holds as far as the rules care. */
export type ReferencedFile = { reference: FileReference } & (
  | { read: 'unusable'; why: Unusable }
  /** The process command: its existence is all that is checked. */
  | { read: 'exists' }
  /** A prompt template: whether it has any text. */
  | { read: 'prompt'; empty: boolean }
  /** A handler module: what its code does with ctx and the tool's arguments (engine/handlers/handlerFacts.ts). */
  | ({ read: 'handler'; relativePath: string } & HandlerModule)
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
  // Many entries may name one file (a bundled plugin's one module, named by every tool): it is read once.
  const remembering = folder && (folder.rememberUntilChanged ? folder : rememberingForOneValidation(folder));
  for (const reference of references) {
    const file = remembering && readIsolated(reference, remembering);
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

/** A file whose read or check throws fails alone: it is said not to be checked, and every other file is read. */
function readIsolated(reference: FileReference, folder: PluginFolder): ReferencedFile | undefined {
  try {
    return readOne(reference, folder);
  } catch (error) {
    return { reference, read: 'unusable', why: { kind: 'check-failed', detail: errorWords(error) } };
  }
}

/** What a failure says of itself, in one line. */
export function errorWords(error: unknown): string {
  const words = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return words.length > 200 ? `${words.slice(0, 200)}…` : words;
}

/** A folder that remembers what is derived from each file for as long as it lives: one validation. */
function rememberingForOneValidation(folder: PluginFolder): PluginFolder {
  const derived = new Map<string, unknown>();
  return {
    stat: (relativePath) => folder.stat(relativePath),
    readText: (relativePath) => folder.readText(relativePath),
    rememberUntilChanged<T>(relativePath: string, purpose: string, derive: () => T): T {
      const key = `${purpose}\0${relativePath}`;
      if (!derived.has(key)) derived.set(key, derive());
      return derived.get(key) as T;
    },
  };
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
  if (reference.kind === 'prompt') {
    const prompt = promptText(folder, relative);
    return 'kind' in prompt ? { reference, read: 'unusable', why: prompt } : { reference, read: 'prompt', ...prompt };
  }
  const text = readHandlerText(folder, relative);
  if ('kind' in text) return { reference, read: 'unusable', why: text };
  const handler = handlerKinds[reference.kind];
  let facts: HandlerFacts | undefined;
  return {
    reference,
    read: 'handler',
    relativePath: relative,
    kind: handler,
    text,
    facts: () => (facts ??= readHandlerFacts(folder, relative, handler)),
    parsed: () => facts,
  };
}

/** What each kind of handler a manifest names receives (HandlerKind says how). */
const handlerKinds: Record<'tool-handler' | 'hook-handler' | 'command-handler' | 'setting-handler', HandlerKind> = {
  'tool-handler': 'tool',
  'hook-handler': 'hook',
  'command-handler': 'command',
  'setting-handler': 'setting',
};

/**
 * The plugin-relative paths of the handler modules `model` names that are read (no "..", no absolute path), each
 * once: the files in which its findings may be (a tool's, a hook's, a command's or a setting's handler).
 */
export function handlerPaths(model: ManifestModel): string[] {
  const paths = new Set<string>();
  for (const reference of fileReferences(model)) {
    const relative = Object.hasOwn(handlerKinds, reference.kind) ? readablePath(reference.filePath) : undefined;
    if (relative !== undefined) paths.add(relative);
  }
  return [...paths];
}

/** What the rules learn from a tool's schema file: why it cannot be read, or what its text says. */
type SchemaOutcome = Unusable | { kind: 'analysed'; analysis: ToolSchemaResult };

function schemaOutcome(folder: PluginFolder, relativePath: string): SchemaOutcome {
  return derivedFrom(folder, relativePath, 'tool-schema', () => {
    const read = readWithin(folder, relativePath, checkedBytes.schema);
    return read.kind === 'text' ? { kind: 'analysed', analysis: analyzeToolSchema(read.text) } : read;
  });
}

/**
 * What a handler's code does, parsed once per version of the file; nothing when it cannot be read (whether it
 * exists is the stat's to say).
 */
function readHandlerFacts(folder: PluginFolder, relativePath: string, kind: HandlerKind): HandlerFacts {
  return derivedFrom(folder, relativePath, `handler-facts:${kind}`, () => {
    const read = readWithin(folder, relativePath, checkedBytes.code);
    return read.kind === 'text' ? handlerFacts(read.text, relativePath, kind) : unreadHandler;
  });
}

/** What a handler's text tells without a parse, once per version of the file; or why it cannot be read. */
function readHandlerText(folder: PluginFolder, relativePath: string): HandlerText | Unusable {
  return derivedFrom(folder, relativePath, 'handler-text', () => {
    const read = readWithin(folder, relativePath, checkedBytes.code);
    return read.kind === 'text' ? handlerText(read.text) : read;
  });
}

/** Whether a prompt template has no text, once per version of the file; or why it cannot be read. */
function promptText(folder: PluginFolder, relativePath: string): { empty: boolean } | Unusable {
  return derivedFrom(folder, relativePath, 'prompt-text', () => {
    const read = readWithin(folder, relativePath, checkedBytes.code);
    return read.kind === 'text' ? { empty: isBlank(read.text) } : read;
  });
}

const mebibyte = 1024 * 1024;

/**
 * How much of each kind of file the checks read. A tool's schema up to a manifest's own limit: Filer loads it, the
 * tool's gating is told from it, and its analysis is linear in it. A handler module or a prompt template up to
 * 2 MiB: a handler is parsed and walked (a 2 MiB bundle in about a second), and past that files.not-checked says
 * it is not. The host may read less (a file past its own limit is too large for it).
 */
export const checkedBytes = { schema: 16 * mebibyte, code: 2 * mebibyte } as const;

/** A file's text, or too large when its UTF-8 form is longer than `maxBytes`. */
function readWithin(folder: PluginFolder, relativePath: string, maxBytes: number): FileRead {
  const read = folder.readText(relativePath);
  if (read.kind !== 'text' || read.text.length * 3 <= maxBytes) return read;
  const size = utf8Length(read.text);
  return size > maxBytes ? { kind: 'too-large', size } : read;
}

/** The length of a text in UTF-8, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Two bytes up to U+07FF, three up to U+FFFF; a surrogate pair (four bytes) is two code units of two each.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** What is known of a handler that cannot be read: nothing. */
const unreadHandler: HandlerFacts = {
  parse: undefined,
  handlerFound: false,
  ctxUses: [],
  argumentUses: [],
  fsPathArguments: [],
  envelopes: [],
  memberSites: [],
};

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

/** A handler module as a manifest names it: what its code does, and, for one tool's handler, that tool's arguments. */
export interface NamedHandler {
  kind: HandlerKind;
  facts: HandlerFacts;
  /** The arguments of the one tool it handles, when its schema tells them; undefined otherwise. */
  toolArguments: ToolSchemaFacts['arguments'];
  /** What the manifest declares (its `permissions`, `{}` when it has none). */
  permissions: Record<string, unknown>;
}

/**
 * The handler at `relativePath` as `model` names it (the facts are read once per version of the file, as
 * for the rules); undefined when the manifest names no handler there. Named by several entries, it is read
 * as the first names it; the tool's arguments are known only when exactly one tool names it.
 */
export function namedHandler(
  model: ManifestModel,
  folder: PluginFolder,
  relativePath: string,
): NamedHandler | undefined {
  const references = fileReferences(model);
  const naming = references.filter(
    (reference): reference is FileReference & { kind: keyof typeof handlerKinds } =>
      Object.hasOwn(handlerKinds, reference.kind) && readablePath(reference.filePath) === relativePath,
  );
  if (naming.length === 0) return undefined;
  const kind = handlerKinds[naming[0].kind];
  const facts = folder.stat(relativePath) === 'file' ? readHandlerFacts(folder, relativePath, kind) : unreadHandler;
  const tools = naming.filter((reference) => reference.kind === 'tool-handler');
  const schemaPath =
    tools.length === 1 && naming.length === 1 ? schemaPathOf(references, tools[0].toolIndex) : undefined;
  const outcome = schemaPath !== undefined ? schemaOutcome(folder, schemaPath) : undefined;
  const toolArguments =
    outcome?.kind === 'analysed' && outcome.analysis.kind === 'ok' ? outcome.analysis.facts.arguments : undefined;
  return { kind, facts, toolArguments, permissions: model.permissionsValue };
}

function schemaPathOf(references: readonly FileReference[], toolIndex: number | undefined): string | undefined {
  const schema = references.find((reference) => reference.kind === 'tool-schema' && reference.toolIndex === toolIndex);
  return schema && readablePath(schema.filePath);
}
