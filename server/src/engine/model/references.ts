import type { JsonNode } from '../parse/jsonNode';
import type { ManifestModel } from './manifestModel';
import { valueNode, type JsonPath } from './nodes';

/** What a path in the manifest names; decides how the file is checked and what a quick fix creates. */
export type ReferenceKind =
  'tool-schema' | 'tool-handler' | 'prompt' | 'hook-handler' | 'command-handler' | 'setting-handler' | 'command';

/** A plugin-relative path written in the manifest. */
export interface FileReference {
  kind: ReferenceKind;
  /** The string node holding the path. */
  node: JsonNode;
  /** The path as the manifest writes it (plugin-relative). */
  filePath: string;
  /** The field that holds it, as messages name it: `contributes.tools[0].schema`. */
  jsonPath: JsonPath;
  /** Index of the tool, for tool-schema and tool-handler. */
  toolIndex?: number;
}

/**
 * Every file the manifest names, in document order of sections. Entries the runtime forbids
 * (a tool handler, a hook or an action setting under runtime: "process") are left out: they are
 * reported, never read.
 */
export function fileReferences(model: ManifestModel): FileReference[] {
  const references: FileReference[] = [];

  if (model.isProcess) addReference(references, 'command', valueNode(model.root, 'command'), ['command']);
  model.tools.forEach((tool, index) => {
    addReference(references, 'tool-schema', valueNode(tool.node, 'schema'), [...tool.jsonPath, 'schema'], index);
    if (!model.isProcess)
      addReference(references, 'tool-handler', valueNode(tool.node, 'handler'), [...tool.jsonPath, 'handler'], index);
  });
  for (const action of model.actions) {
    if (action.kind !== 'tool')
      addReference(references, 'prompt', valueNode(action.node, 'prompt'), [...action.jsonPath, 'prompt']);
  }
  if (!model.isProcess) {
    for (const setting of model.settings) {
      if (setting.value.type === 'action')
        addReference(references, 'setting-handler', valueNode(setting.node, 'handler'), [
          ...setting.jsonPath,
          'handler',
        ]);
    }
    for (const hook of model.hooks) {
      if (hook.node.type === 'string') addReference(references, 'hook-handler', hook.node, hook.jsonPath);
      else addReference(references, 'hook-handler', valueNode(hook.node, 'handler'), [...hook.jsonPath, 'handler']);
    }
  }
  for (const command of model.commands)
    addReference(references, 'command-handler', valueNode(command.node, 'handler'), [...command.jsonPath, 'handler']);
  return references;
}

/**
 * A function of the module, not a closure made by each call, so that its optimized code outlives the call
 * (test/engine/optimizedCode.test.ts).
 */
function addReference(
  references: FileReference[],
  kind: ReferenceKind,
  node: JsonNode | undefined,
  jsonPath: JsonPath,
  toolIndex?: number,
): void {
  if (node?.type === 'string') references.push({ kind, node, filePath: node.value as string, jsonPath, toolIndex });
}

/** The fields that hold a plugin-relative path, and of what (`#` an array index, `*` an object key). */
const fileFields: readonly (readonly [pattern: readonly (string | number)[], kind: ReferenceKind])[] = [
  [['command'], 'command'],
  [['contributes', 'tools', '#', 'schema'], 'tool-schema'],
  [['contributes', 'tools', '#', 'handler'], 'tool-handler'],
  [['contributes', 'actions', '#', 'prompt'], 'prompt'],
  [['contributes', 'settings', '*', 'handler'], 'setting-handler'],
  [['contributes', 'hooks', '*'], 'hook-handler'],
  [['contributes', 'hooks', '*', 'handler'], 'hook-handler'],
  [['contributes', 'commands', '#', 'handler'], 'command-handler'],
];

/** What the value at `path` names when it is a path (the process `command` only under runtime: "process"). */
export function referenceKindAt(path: JsonPath, model: ManifestModel): ReferenceKind | undefined {
  const field = fileFields.find(
    ([pattern]) => pattern.length === path.length && pattern.every((segment, i) => segmentMatches(segment, path[i])),
  );
  if (!field || (field[1] === 'command' && !model.isProcess)) return undefined;
  return field[1];
}

function segmentMatches(segment: string | number, actual: string | number): boolean {
  if (segment === '#') return typeof actual === 'number';
  if (segment === '*') return typeof actual === 'string';
  return segment === actual;
}

/** Absolute on either OS: `/x`, `\x`, `C:\x`, `C:/x`, `\\server\x`. */
export function isAbsolutePath(filePath: string): boolean {
  return /^[/\\]/.test(filePath) || /^[A-Za-z]:/.test(filePath);
}

/** The reference's rule, literally: the path "must not contain ..". */
export function containsDotDot(filePath: string): boolean {
  return filePath.includes('..');
}

/** `./tools/a.json` → `tools/a.json`: the form a PluginFolder is asked for. */
export function normalizeRelativePath(filePath: string): string {
  // Most paths are already plain: skip the split and join, which run for every path on every keystroke.
  const plain = filePath.startsWith('./') ? filePath.slice(2) : filePath;
  if (!/\\|\/\/|\/\.\/|\/\.$|^\.?\/|\/$|^\.$/.test(plain)) return plain;
  return plain
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}
