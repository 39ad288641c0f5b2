import type { Fix } from '../../fixes/fix';
import type { JsonPath } from '../../model/nodes';
import type { ModuleStyle } from '../../handlers/handlerFacts';
import type { ReferencedFiles } from '../../folder/referencedFiles';
import type { CheckContext } from '../rule';
import { field, quote } from '../messages';
import { handlerSkeleton, promptSkeleton, type ReadArgument, schemaSkeleton } from '../../fixes/skeletons';
import { normalizeRelativePath, type FileReference, type ReferenceKind } from '../../model/references';

export const what: Record<ReferenceKind, string> = {
  'tool-schema': 'the tool\u2019s JSON-Schema file',
  'tool-handler': 'the handler module',
  prompt: 'the prompt template',
  'hook-handler': 'the hook\u2019s handler module',
  'command-handler': 'the command\u2019s handler module',
  'setting-handler': 'the action setting\u2019s handler module',
  command: 'the plugin\u2019s executable',
};

/** A file the manifest names, at its field, and what the field names it as. */
export interface FileData {
  jsonPath: JsonPath;
  /** As the manifest writes it. */
  filePath: string;
  referenceKind: ReferenceKind;
}

/** A missing file, and what its skeleton needs to know that the manifest does not say. */
export interface MissingFileData extends FileData {
  /** A tool's handler: the argument names its schema file gives, when that file was read. */
  argumentNames?: string[];
  /** A tool's schema: the arguments its handler reads, when that module was read. */
  readArguments?: ReadArgument[];
  /** A handler: how the manifest's other handlers export their function, when any says. */
  moduleStyle?: ModuleStyle;
}

export const named = ({ jsonPath, filePath }: FileData) => `${field(jsonPath)} ${quote(filePath)}`;

/**
 * The missing file, created where nothing is in the way, as a skeleton laid out like the manifest
 * (fixes/skeletons.ts): a schema an empty object schema, a handler an async function exported as the
 * plugin's other handlers export theirs, a prompt a template naming the action's selection and params.
 * The process command gets none: an executable is not written from a template.
 */
export const createFile: Fix<MissingFileData> = (data, { analysis, creatable }) => {
  const { referenceKind: kind, jsonPath } = data;
  const file = normalizeRelativePath(data.filePath);
  // Missing, but where a folder on the way is a link out of the plugin folder (or a dangling one): never created there.
  if (!file || kind === 'command' || creatable(file) !== 'free') return [];
  const document = analysis.document;
  const skeleton =
    kind === 'tool-schema'
      ? schemaSkeleton(document, data.readArguments)
      : kind === 'prompt'
        ? promptSkeleton(
            analysis.model.actions.find((action) => action.jsonPath[2] === jsonPath[2]),
            document,
          )
        : handlerSkeleton(kind, data.moduleStyle ?? 'commonjs', document, data.argumentNames);
  return [{ title: `Create ${file}`, edits: [], newFiles: [{ filePath: file, text: skeleton }] }];
};

/** What a rule would have checked in a file it could not read. */
export function uncheckedWords(kind: ReferenceKind): string {
  if (kind === 'prompt') return 'whether it has any text';
  if (kind === 'tool-schema') return 'the tool\u2019s schema';
  if (kind === 'command') return 'the process command';
  return 'what its code does with `ctx` and its arguments';
}

/** What every finding of a file carries: the path, at its field, and what the field names it as. */
export function fileData(reference: FileReference): FileData {
  return { jsonPath: reference.jsonPath, filePath: reference.filePath, referenceKind: reference.kind };
}

type SkeletonFacts = Pick<MissingFileData, 'argumentNames' | 'readArguments' | 'moduleStyle'>;

/**
 * What a skeleton of the missing file needs: a tool handler's argument names, a handler's module style (the plugin's,
 * found once per validation, and only for a skeleton).
 */
export function skeletonFacts(
  reference: FileReference,
  files: ReferencedFiles,
  shared: CheckContext<unknown>['shared'],
): SkeletonFacts {
  const { kind } = reference;
  const { schemaFacts } = files;
  if (kind === 'tool-schema') return { readArguments: argumentsReadBy(reference, files) };
  if (kind === 'prompt' || kind === 'command') return {};
  const argumentNames = kind === 'tool-handler' ? schemaFacts.get(reference.toolIndex!)?.argumentNames : undefined;
  return { ...(argumentNames ? { argumentNames } : {}), moduleStyle: shared(pluginModuleStyle) };
}

/** The arguments a tool's handler module reads, in the order it first reads them: what its missing schema declares. */
function argumentsReadBy(schema: FileReference, { files }: ReferencedFiles): ReadArgument[] {
  const handler = files.find(
    (file) =>
      file.read === 'handler' &&
      file.reference.kind === 'tool-handler' &&
      file.reference.toolIndex === schema.toolIndex,
  );
  if (handler?.read !== 'handler') return [];
  const facts = handler.facts();
  const paths = new Set(facts.fsPathArguments);
  const names = [...new Set(facts.argumentUses.map(({ name }) => name))];
  return names.map((name) => ({ name, path: paths.has(name) }));
}

/** ES modules only when every handler that says how it exports uses them: module.exports is the examples' way. */
function pluginModuleStyle(_model: unknown, referenced: () => ReferencedFiles): ModuleStyle {
  const { files } = referenced();
  const styles = files.flatMap((file) => (file.read === 'handler' ? (file.facts().moduleStyle ?? []) : []));
  return styles.length > 0 && styles.every((style) => style === 'esm') ? 'esm' : 'commonjs';
}
