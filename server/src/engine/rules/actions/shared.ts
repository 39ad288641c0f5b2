import { isLegacy, type ActionEntry, type ManifestModel } from '../../model/manifestModel';
import { promptKindOnlyKeys, type toolKindOnlyKeys } from '../../model/keysThatApply';
import { keyNode, valueNode, type JsonPath } from '../../model/nodes';
import type { JsonNode } from '../../parse/jsonNode';
import type { Target } from '../rule';
import { field, quote, suggester, type Suggester } from '../messages';

export interface At {
  jsonPath: JsonPath;
}

/** An id that names nothing, and the closest one that would. */
export interface Suggesting extends At {
  suggestion?: string;
}

export const ignoredMessage = ({ jsonPath }: At) =>
  `${field(jsonPath)} is read only in an action of kind "tool", and this one is of kind "prompt", so Filer ignores it.`;

export function describeParamType(type: unknown): string {
  return typeof type === 'string' ? `a ${quote(type)} param` : 'a param without a type';
}

/** Where a finding about an action's kind points: its `kind` key, else its `id` key, else its opening brace. */
export function kindAnchor(action: ActionEntry): Target {
  return keyNode(action.node, 'kind') ?? keyNode(action.node, 'id') ?? { offset: action.node.offset, length: 1 };
}

/**
 * The plain value of a field of an action's `generate` object, when it is one. The rules read the plain value first
 * and find a node only to report it: a node is found by a scan of its object's keys, on every action.
 */
export function generateValue(action: ActionEntry, name: string): unknown {
  const generate = action.value.generate;
  return typeof generate === 'object' && generate !== null && !Array.isArray(generate)
    ? (generate as Record<string, unknown>)[name]
    : undefined;
}

/** The plain values of an action's `params` (none when it is not a list), as generateValue reads `generate`. */
export function paramValues(action: ActionEntry): readonly Record<string, unknown>[] {
  const params = action.value.params;
  return Array.isArray(params)
    ? params.map((param: unknown) =>
        typeof param === 'object' && param !== null ? (param as Record<string, unknown>) : {},
      )
    : [];
}

/** A field of an action's `generate` object, when it is one. */
export function generateField(action: ActionEntry, name: string): JsonNode | undefined {
  const generate = action.node.type === 'object' ? valueNode(action.node, 'generate') : undefined;
  return generate?.type === 'object' ? valueNode(generate, name) : undefined;
}

/** The ids of the tools, to suggest the closest to one that names none. */
export function toolIdSuggester(model: ManifestModel): Suggester {
  return suggester(() => model.toolsById.keys());
}

/** The ids of the actions of kind "tool", to suggest the closest to one that names none. */
export function toolActionIdSuggester(model: ManifestModel): Suggester {
  return suggester(() => [...model.actionsById.values()].filter((a) => a.kind === 'tool').map((a) => a.id!));
}

/** The names of the tools still in the legacy shape, as a toolId may name them. */
export function legacyToolNames(model: ManifestModel): Set<string> {
  return new Set(model.tools.flatMap((tool) => (isLegacy(tool.value) ? [String(tool.value.name)] : [])));
}

/** The actions a `generate` names: what makes an action reachable though hidden. */
export function generatedActionIds(model: ManifestModel): Set<string> {
  const ids = new Set<string>();
  for (const action of model.actions) {
    const actionId =
      typeof action.value.generate === 'object'
        ? (action.value.generate as Record<string, unknown>)?.actionId
        : undefined;
    if (typeof actionId === 'string') ids.add(actionId);
  }
  return ids;
}

/**
 * A key only the other kind of action reads (model/keysThatApply.ts says which), on an action that has it: a tool
 * action's `prompt` or `toolScope`, a prompt action's `toolId` or `multiFileMode`.
 */
export function otherKindKey(
  action: ActionEntry,
  key: (typeof promptKindOnlyKeys)[number] | (typeof toolKindOnlyKeys)[number],
): JsonNode | undefined {
  const readBy = (promptKindOnlyKeys as readonly string[]).includes(key) ? 'prompt' : 'tool';
  return action.node.type === 'object' && action.kind !== readBy && (action.kind === 'tool' || action.kind === 'prompt')
    ? keyNode(action.node, key)
    : undefined;
}
