import { keyOf, type JsonNode } from '../parse/jsonNode';
import type { ParsedDocument } from '../parse/parseDocument';
import { arrayItems, formatPath, keyNode, objectProperties, valueNode, type JsonPath } from './nodes';

/** One entry of a contributes list or map, with its node and its plain value. */
export interface Entry {
  /** The entry's value node (an object for well-formed entries). */
  node: JsonNode;
  jsonPath: JsonPath;
  /** Index in its array, or the key for map-shaped sections (settings, hooks). */
  key: number | string;
  /** For map entries, the key node. */
  keyNode?: JsonNode;
  value: Record<string, unknown>;
}

export interface ToolEntry extends Entry {
  id: string | undefined;
}

export interface ActionEntry extends Entry {
  id: string | undefined;
  kind: string;
}

export interface ManifestModel {
  document: ParsedDocument;
  /** The root object, when the document is one. */
  root: JsonNode | undefined;
  value: Record<string, unknown>;
  runtime: string;
  isProcess: boolean;
  contributes: JsonNode | undefined;
  tools: ToolEntry[];
  actions: ActionEntry[];
  settings: Entry[];
  hooks: Entry[];
  commands: Entry[];
  views: Entry[];
  permissions: JsonNode | undefined;
  permissionsValue: Record<string, unknown>;
  /** Tool ids, first occurrence. */
  toolsById: Map<string, ToolEntry>;
  actionsById: Map<string, ActionEntry>;
}

/**
 * Builds the model every rule and feature reads; made once per document version. `previous`, the model
 * of the version this document was re-parsed from (its tree taken over and changed in place), gives its
 * entries (tools, actions, settings, hooks, commands, views) to this one wherever the entry's node and plain value are
 * the very same
 * objects: the edit fell elsewhere, so the entry (and its path) is as it was, only moved with the text.
 */
export function buildModel(document: ParsedDocument, previous?: ManifestModel): ManifestModel {
  const root = document.root?.type === 'object' ? document.root : undefined;
  const value = asRecord(document.value);
  const contributes = valueNode(root, 'contributes');
  const contributesValue = asRecord(value.contributes);
  const runtime = typeof value.runtime === 'string' ? value.runtime : 'node';

  // Entries are written out field by field: a spread copy takes five times the memory, in every open document.
  const tools = listEntries(
    valueNode(contributes, 'tools'),
    contributesValue.tools,
    ['contributes', 'tools'],
    previous?.tools,
    ({ node, jsonPath, key, value }): ToolEntry => ({
      node,
      jsonPath,
      key,
      value,
      id: stringOrUndefined(value.id),
    }),
  );
  const actions = listEntries(
    valueNode(contributes, 'actions'),
    contributesValue.actions,
    ['contributes', 'actions'],
    previous?.actions,
    ({ node, jsonPath, key, value }): ActionEntry => ({
      node,
      jsonPath,
      key,
      value,
      id: stringOrUndefined(value.id),
      kind: typeof value.kind === 'string' ? value.kind : 'prompt',
    }),
  );

  return {
    document,
    root,
    value,
    runtime,
    isProcess: runtime === 'process',
    contributes,
    tools,
    actions,
    settings: mapEntries(
      valueNode(contributes, 'settings'),
      contributesValue.settings,
      ['contributes', 'settings'],
      previous?.settings,
    ),
    hooks: mapEntries(
      valueNode(contributes, 'hooks'),
      contributesValue.hooks,
      ['contributes', 'hooks'],
      previous?.hooks,
    ),
    commands: listEntries(
      valueNode(contributes, 'commands'),
      contributesValue.commands,
      ['contributes', 'commands'],
      previous?.commands,
      asEntry,
    ),
    views: listEntries(
      valueNode(contributes, 'views'),
      contributesValue.views,
      ['contributes', 'views'],
      previous?.views,
      asEntry,
    ),
    permissions: valueNode(root, 'permissions'),
    permissionsValue: asRecord(value.permissions),
    toolsById: firstById(tools),
    actionsById: firstById(actions),
  };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function listEntries<E extends Entry>(
  array: JsonNode | undefined,
  value: unknown,
  base: JsonPath,
  previous: readonly E[] | undefined,
  make: (entry: Entry) => E,
): E[] {
  const values = Array.isArray(value) ? value : [];
  return arrayItems(array).map((node, index) => {
    const before = previous?.[index];
    if (before && before.node === node && before.value === values[index]) return before;
    const entry = { node, jsonPath: base.concat(index), key: index, value: asRecord(values[index]) };
    return make(entry);
  });
}

const asEntry = (entry: Entry): Entry => entry;

function mapEntries(
  object: JsonNode | undefined,
  value: unknown,
  base: JsonPath,
  previous: readonly Entry[] | undefined,
): Entry[] {
  const values = asRecord(value);
  const entries: Entry[] = [];
  for (const property of objectProperties(object)) {
    const node = valueNode(property);
    if (!node) continue;
    const name = keyOf(property);
    // Handed on as list entries are: the same node and plain value at the same place, under the same key.
    const before = previous?.[entries.length];
    if (before && before.node === node && before.key === name && before.value === values[name]) entries.push(before);
    else
      entries.push({
        node,
        jsonPath: base.concat(name),
        key: name,
        keyNode: keyNode(property),
        value: asRecord(values[name]),
      });
  }
  return entries;
}

function firstById<T extends { id: string | undefined }>(entries: T[]): Map<string, T> {
  const byId = new Map<string, T>();
  for (const entry of entries) if (entry.id !== undefined && !byId.has(entry.id)) byId.set(entry.id, entry);
  return byId;
}

/** A tool in the legacy shape: `name` and inline `parameters` instead of `id` and a schema file. */
export function isLegacy(tool: Record<string, unknown>): boolean {
  return tool.id === undefined && (tool.name !== undefined || tool.parameters !== undefined);
}

/** Where an entry stands, for one without an id: `tools[2]`, `actions[0]`. The one way it is named. */
export function entryPlace(entry: Entry): string {
  return formatPath(entry.jsonPath.slice(1));
}

/** How a tool is named: its id, else its legacy name, else its place (`tools[2]`). */
export function toolLabel(tool: ToolEntry): string {
  return tool.id ?? (typeof tool.value.name === 'string' ? tool.value.name : entryPlace(tool));
}
