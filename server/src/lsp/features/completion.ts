import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver';
import {
  arrayItems,
  describeGating,
  eolOf,
  hookEventDocumentation,
  indentUnitOf,
  keyApplies,
  knownHookEvents,
  lineIndentAt,
  own,
  pathSuggestion,
  referenceKindAt,
  resolveRef,
  schemaForPath,
  scopeValues,
  settingTypes,
  toKebabCase,
  toolGating,
  valueNode,
  type JsonPath,
  type ManifestModel,
  type ParsedDocument,
  type ReferenceKind,
  type SchemaNode,
} from '../../engine';
import { cursorContext, matches, type CursorContext } from '../jsonLocation';
import { choice, flattenSnippet, snippetText } from '../snippets';

interface CompletionEnvironment {
  /** Plugin-relative paths of the files in the plugin folder; absent for a document that is not on disk. */
  pluginFiles?: () => string[];
  /** The client expands snippets; without it proposals are plain text. */
  snippets: boolean;
  /** Keys another language server beside this one already proposes (VS Code's JSON: `$schema`). */
  proposedElsewhere?: (path: JsonPath, key: string) => boolean;
}

interface Proposal {
  label: string;
  kind: CompletionItemKind;
  /** A snippet, written with `\n` and `\t` for line breaks and one level of indentation. */
  snippet: string;
  documentation?: string;
  detail?: string;
  /** Required keys and likely values first. */
  rank?: number;
}

/** Completion in a Filer manifest: keys, values, ids of this manifest, file paths, permission shapes, hook events. */
export function completeManifest(
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
  env: CompletionEnvironment,
): CompletionItem[] {
  const context = cursorContext(document, offset);
  if (context.kind === 'none') return [];
  const proposals = context.kind === 'key' ? keyProposals(context, model, env) : valueProposals(context, model, env);
  return proposals.map((proposal, index) => toItem(proposal, index, context, document, env));
}

/** An empty manifest.json: one proposal, a whole new Filer manifest. */
export function newManifestCompletion(
  document: ParsedDocument,
  folderName: string,
  env: CompletionEnvironment,
): CompletionItem[] {
  const name = toKebabCase(folderName) || 'my-plugin';
  const snippet = [
    '{',
    `\t"name": "\${1:${snippetText(name)}}",`,
    `\t"displayName": "\${2:${snippetText(displayNameOf(folderName))}}",`,
    '\t"version": "${3:0.1.0}",',
    '\t"description": "$4",',
    '\t"contributes": {',
    '\t\t"tools": [',
    '\t\t\t$0',
    '\t\t]',
    '\t},',
    '\t"permissions": {}',
    '}',
  ].join('\n');
  const proposal: Proposal = {
    label: 'New Filer plugin manifest',
    kind: CompletionItemKind.Snippet,
    snippet,
    documentation: 'A manifest with the required name, displayName and version, and an empty tools list.',
  };
  const context: CursorContext = {
    kind: 'value',
    path: [],
    node: undefined,
    span: { offset: 0, length: document.text.length },
    separatorAfter: '',
  };
  return [toItem(proposal, 0, context, document, env)];
}

/**
 * A display name from a folder's name, as people read it: `first-plugin` and `first_plugin` become "First Plugin"; a
 * name already written so is kept.
 */
function displayNameOf(folderName: string): string {
  const words = folderName.split(/[-_\s]+/).filter(Boolean);
  if (words.length === 0) return 'My Plugin';
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

function toItem(
  proposal: Proposal,
  index: number,
  context: Exclude<CursorContext, { kind: 'none' }>,
  document: ParsedDocument,
  env: CompletionEnvironment,
): CompletionItem {
  const snippet = proposal.snippet + context.separatorAfter;
  const newText = env.snippets ? snippet : plainText(snippet, document, context.span.offset);
  const item: CompletionItem = {
    label: proposal.label,
    kind: proposal.kind,
    insertTextFormat: env.snippets ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: { range: document.lines.rangeOf(context.span.offset, context.span.length), newText },
    filterText: filterTextOf(proposal, context),
    sortText: `${proposal.rank ?? 1}${String(index).padStart(4, '0')}`,
  };
  if (proposal.detail) item.detail = proposal.detail;
  // Documentation is prose from the reference, the schema and this manifest, not markup: plain text for every client.
  if (proposal.documentation) item.documentation = { kind: MarkupKind.PlainText, value: proposal.documentation };
  return item;
}

/** What the client matches the typed text against: the proposal as it would appear in the text. */
function filterTextOf(proposal: Proposal, context: Exclude<CursorContext, { kind: 'none' }>): string {
  if (context.kind === 'key') return JSON.stringify(proposal.label);
  const first = flattenSnippet(proposal.snippet).split('\n')[0];
  return first.startsWith('"') ? first : proposal.label;
}

/** A snippet as plain text for clients without snippets, indented like the line it lands on. */
function plainText(snippet: string, document: ParsedDocument, offset: number): string {
  const indent = lineIndentAt(document, offset);
  return flattenSnippet(snippet)
    .replace(/\n/g, eolOf(document) + indent)
    .replace(/\t/g, indentUnitOf(document));
}

// ---------------------------------------------------------------------------------------------
// Keys

function keyProposals(
  context: Extract<CursorContext, { kind: 'key' }>,
  model: ManifestModel,
  env: CompletionEnvironment,
): Proposal[] {
  const { path, existingKeys } = context;
  if (matches(path, ['contributes', 'hooks'])) return hookEventProposals(existingKeys, context.keyOnly);
  if (matches(path, ['contributes', 'settings'])) return context.keyOnly ? [] : [newSettingProposal()];

  const node = schemaForPath(path);
  if (!node) return [];
  const properties: Record<string, SchemaNode> = { ...node.properties, ...node.then?.properties };
  const required = new Set([...(node.required ?? []), ...((node.then?.required as string[] | undefined) ?? [])]);
  const proposals: Proposal[] = [];
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (existingKeys.has(key) || !keyApplies(model, path, key) || env.proposedElsewhere?.(path, key)) continue;
    const resolved = resolveRef(propertySchema) ?? {};
    proposals.push({
      label: key,
      kind: CompletionItemKind.Property,
      snippet: context.keyOnly
        ? snippetText(JSON.stringify(key))
        : `${snippetText(JSON.stringify(key))}: ${valueSnippet(path, key, resolved, model)}`,
      documentation: resolved.description,
      rank: required.has(key) ? 0 : 1,
    });
  }
  if (matches(path, ['permissions']) && !existingKeys.has('fs') && !context.keyOnly) {
    for (const access of ['read', 'write', 'list']) {
      const rule = schemaForPath(['permissions', 'fs', access]);
      proposals.push({
        label: `fs.${access}`,
        kind: CompletionItemKind.Property,
        snippet: `"fs": {\n\t"${access}": ${fsRuleSnippet(access).replace(/\n/g, '\n\t')}\n}`,
        documentation: rule?.description,
      });
    }
  }
  return proposals;
}

function hookEventProposals(existing: Set<string>, keyOnly: boolean): Proposal[] {
  return Object.entries(knownHookEvents)
    .filter(([event]) => !existing.has(event))
    .map(([event]) => ({
      label: event,
      kind: CompletionItemKind.Event,
      snippet: keyOnly ? JSON.stringify(event) : `${JSON.stringify(event)}: "\${1:./hooks/${toKebabCase(event)}.js}"`,
      documentation: hookEventDocumentation(event)!.join('\n\n'),
    }));
}

function newSettingProposal(): Proposal {
  return {
    label: 'New setting',
    kind: CompletionItemKind.Snippet,
    snippet: `"\${1:setting-id}": {\n\t"type": "${choice(2, settingTypes)}",\n\t"title": "$3"\n}`,
    documentation: resolveRef(schemaForPath(['contributes', 'settings', 'x']))?.description,
  };
}

/** The value written after a proposed key: the shape the reference gives it. */
function valueSnippet(parentPath: JsonPath, key: string, node: SchemaNode, model: ManifestModel): string {
  if (matches(parentPath, ['permissions'])) {
    const shape = own(permissionSnippets, key);
    if (shape) return shape;
  }
  if (matches(parentPath, ['permissions', 'fs'])) return fsRuleSnippet(key);
  if (key === 'annotations') return `{\n\t"readOnlyHint": ${choice(1, ['true', 'false'])}\n}`;
  const suggestedPath = pathSuggestion(parentPath, key, model);
  if (suggestedPath) return `"\${1:${snippetText(suggestedPath)}}"`;
  const enumValues = node.enum ?? (node.then?.enum as unknown[] | undefined);
  if (enumValues) {
    const values = enumValues.map(String);
    const first =
      node.default !== undefined ? [String(node.default), ...values.filter((v) => v !== String(node.default))] : values;
    return `"${choice(1, first)}"`;
  }
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'boolean':
      return choice(1, ['true', 'false']);
    case 'string':
      return '"$1"';
    case 'number':
    case 'integer':
      return '${1:0}';
    case 'array':
      return '[$1]';
    case 'object': {
      const required = node.required ?? [];
      if (required.length === 0) return '{$1}';
      const lines = required.map(
        (field, index) =>
          `\t${JSON.stringify(field)}: ${placeholderFor(resolveRef(node.properties?.[field]) ?? {}, index + 1)}`,
      );
      return `{\n${lines.join(',\n')}\n}`;
    }
    default:
      return '$1';
  }
}

function placeholderFor(node: SchemaNode, tabstop: number): string {
  if (node.enum) return `"${choice(tabstop, node.enum.map(String))}"`;
  if (node.type === 'boolean') return choice(tabstop, ['true', 'false']);
  if (node.type === 'array') return `[$${tabstop}]`;
  if (node.type === 'object') return `{$${tabstop}}`;
  return `"$${tabstop}"`;
}

/** The shape of each permission key, from the reference's Permissions table. */
const permissionSnippets: Record<string, string> = {
  fs: '{\n\t"read": {\n\t\t"parameter": true\n\t}\n}',
  fetch: '{\n\t"static": ["${1:api.example.com}"]\n}',
  store: 'true',
  session: `{\n\t"getActive": ${choice(1, ['true', 'false'])},\n\t"sendMessage": ${choice(2, ['true', 'false'])}\n}`,
  hostTrigger: 'true',
  ai: '{\n\t"complete": true\n}',
  channels: `{\n\t"getIntegrationConfig": ${choice(1, ['true', 'false'])},\n\t"setIntegrationConfig": ${choice(2, ['true', 'false'])}\n}`,
  settings: 'true',
  toast: 'true',
  renderHtmlToPdf: 'true',
  log: 'true',
  execution: '{\n\t"timeout": "${1:30s}"\n}',
};

/**
 * fs.read / fs.write / fs.list: a parameter grant, with a static pattern under the plugin's data directory to edit or
 * drop.
 */
function fsRuleSnippet(access: string): string {
  const example = access === 'list' ? '${dataDir}/data' : '${dataDir}/cache/**';
  return `{\n\t"parameter": ${choice(1, ['true', 'false'])},\n\t"static": ["\${2:${snippetText(example)}}"]\n}`;
}

// ---------------------------------------------------------------------------------------------
// Values

function valueProposals(
  context: Extract<CursorContext, { kind: 'value' }>,
  model: ManifestModel,
  env: CompletionEnvironment,
): Proposal[] {
  const { path } = context;
  const references = referenceProposals(path, model);
  if (references) return references;
  if (
    matches(path, ['permissions', 'fs', '*', 'static', '#']) ||
    matches(path, ['permissions', 'fs', '*', 'deny', '#'])
  ) {
    return dataDirProposals(String(path[2]), String(path[3]));
  }
  const fileKind = referenceKindAt(path, model);
  if (fileKind) return fileProposals(fileKind, env);
  if (context.node === undefined) {
    const entry = newEntryProposals(path, model);
    if (entry) return entry;
  }

  const node = schemaForPath(path);
  if (!node) return [];
  const enumValues = node.enum ?? (node.then?.enum as unknown[] | undefined);
  if (enumValues) {
    const descriptions = node.enumDescriptions ?? [];
    return enumValues.map((value, index) => ({
      label: String(value),
      kind: CompletionItemKind.EnumMember,
      snippet: snippetText(JSON.stringify(value)),
      documentation: descriptions[index],
      detail: value === node.default ? 'default' : undefined,
      rank: value === node.default ? 0 : 1,
    }));
  }
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.includes('boolean')) {
    return ['true', 'false'].map((value) => ({
      label: value,
      kind: CompletionItemKind.Value,
      snippet: value,
      documentation: node.description,
    }));
  }
  if (context.node === undefined && (types.includes('object') || types.includes('array'))) {
    const key = path[path.length - 1];
    const parent = path.slice(0, -1);
    const snippet =
      typeof key === 'string' ? valueSnippet(parent, key, node, model) : types.includes('object') ? '{$1}' : '[$1]';
    return [
      {
        label: types.includes('object') ? '{}' : '[]',
        kind: CompletionItemKind.Value,
        snippet,
        documentation: node.description,
      },
    ];
  }
  return [];
}

/** Values that name something else in this manifest: tool ids, sibling actions, params, settings. */
function referenceProposals(path: JsonPath, model: ManifestModel): Proposal[] | undefined {
  if (matches(path, ['contributes', 'actions', '#', 'toolId'])) {
    return [...model.toolsById.values()].map((tool) => ({
      label: tool.id!,
      kind: CompletionItemKind.Reference,
      snippet: snippetText(JSON.stringify(tool.id)),
      detail: typeof tool.value.title === 'string' ? tool.value.title : undefined,
      documentation: `Approval category: ${describeGating(toolGating(tool, model))}`,
    }));
  }
  const action = matches(path.slice(0, 3), ['contributes', 'actions', '#'])
    ? model.actions[path[2] as number]
    : undefined;
  if (action && matches(path, ['contributes', 'actions', '#', 'generate', 'actionId'])) {
    return model.actions
      .filter((sibling) => sibling !== action && sibling.kind === 'tool' && sibling.id !== undefined)
      .map((sibling) => ({
        label: sibling.id!,
        kind: CompletionItemKind.Reference,
        snippet: snippetText(JSON.stringify(sibling.id)),
        detail: typeof sibling.value.title === 'string' ? sibling.value.title : undefined,
        documentation:
          'A sibling kind: "tool" action: the button invokes it and fills one per-file-text param from its result.',
      }));
  }
  if (action && matches(path, ['contributes', 'actions', '#', 'generate', 'populateParamId'])) {
    return paramProposals(action.node, (type) => type === 'per-file-text');
  }
  if (action && matches(path, ['contributes', 'actions', '#', 'generate', 'forwardParamIds', '#'])) {
    return paramProposals(action.node, () => true);
  }
  if (matches(path, ['permissions', 'fetch', 'settings', '#'])) {
    return model.settings.map((setting) => ({
      label: String(setting.key),
      kind: CompletionItemKind.Reference,
      snippet: snippetText(JSON.stringify(setting.key)),
      detail: typeof setting.value.type === 'string' ? setting.value.type : undefined,
      documentation: 'A setting whose value is a full URL (https://api.example.com/v1): the host is taken from it.',
      rank: setting.value.type === 'string' ? 0 : 1,
    }));
  }
  return undefined;
}

function paramProposals(
  actionNode: ManifestModel['actions'][number]['node'],
  accept: (type: unknown) => boolean,
): Proposal[] {
  return arrayItems(valueNode(actionNode, 'params')).flatMap((param) => {
    const id = valueNode(param, 'id')?.value;
    const type = valueNode(param, 'type')?.value;
    if (typeof id !== 'string' || !accept(type)) return [];
    return [
      {
        label: id,
        kind: CompletionItemKind.Reference,
        snippet: snippetText(JSON.stringify(id)),
        detail: typeof type === 'string' ? type : undefined,
      },
    ];
  });
}

function dataDirProposals(access: string, list: string): Proposal[] {
  const example = access === 'list' ? 'data' : 'cache/**';
  return [
    {
      label: '${dataDir}/',
      kind: CompletionItemKind.Folder,
      snippet: `"\\\${dataDir}/\${1:${snippetText(example)}}"`,
      documentation:
        list === 'deny'
          ? 'A pattern under the plugin\u2019s data directory that is always refused.'
          : 'The plugin\u2019s data directory. Relative static patterns resolve against the app process\u2019s working directory, not the plugin\u2019s: write "${dataDir}/\u2026" or an absolute path.',
    },
  ];
}

const handlerFiles = /\.(js|mjs|cjs)$/i;
/** The files proposed for each kind of path field. */
const fileExtensions: Record<ReferenceKind, RegExp | undefined> = {
  'tool-schema': /\.json$/i,
  'tool-handler': handlerFiles,
  'hook-handler': handlerFiles,
  'command-handler': handlerFiles,
  'setting-handler': handlerFiles,
  prompt: /\.(md|txt|prompt|hbs|mustache|tmpl)$/i,
  command: undefined,
};

function fileProposals(kind: ReferenceKind, env: CompletionEnvironment): Proposal[] {
  const files = env.pluginFiles?.() ?? [];
  const pattern = fileExtensions[kind];
  return files
    .filter((file) => file !== 'manifest.json' && (!pattern || pattern.test(file)))
    .map((file) => ({
      label: `./${file}`,
      kind: CompletionItemKind.File,
      snippet: snippetText(JSON.stringify(`./${file}`)),
    }));
}

/** A new entry of a contributes list, with its required fields. */
function newEntryProposals(path: JsonPath, model: ManifestModel): Proposal[] | undefined {
  if (matches(path, ['contributes', 'tools', '#'])) {
    const handler = model.isProcess ? '' : '\t"handler": "./tools/$1.js",\n';
    return [
      {
        label: 'New tool',
        kind: CompletionItemKind.Snippet,
        snippet: `{\n\t"id": "\${1:tool_id}",\n\t"title": "$2",\n\t"description": "\${3:What it does and when to use it.}",\n\t"schema": "./tools/$1.schema.json",\n${handler}\t"annotations": {\n\t\t"readOnlyHint": ${choice(4, ['true', 'false'])}\n\t}\n}`,
        documentation: resolveRef(schemaForPath(path))?.description,
      },
    ];
  }
  if (matches(path, ['contributes', 'actions', '#'])) {
    const scope = `"${choice(4, scopeValues)}"`;
    const toolIds = [...model.toolsById.keys()];
    const toolId = toolIds.length > 0 ? `"${choice(5, toolIds)}"` : '"$5"';
    return [
      {
        label: 'New prompt action',
        kind: CompletionItemKind.Snippet,
        snippet: `{\n\t"id": "\${1:action-id}",\n\t"title": "$2",\n\t"description": "$3",\n\t"scope": ${scope},\n\t"prompt": "./prompts/$1.md"\n}`,
        documentation: 'kind "prompt" (the default): renders prompt and opens an agent turn in chat.',
      },
      {
        label: 'New tool action',
        kind: CompletionItemKind.Snippet,
        snippet: `{\n\t"id": "\${1:action-id}",\n\t"title": "$2",\n\t"description": "$3",\n\t"scope": ${scope},\n\t"kind": "tool",\n\t"toolId": ${toolId}\n}`,
        documentation: 'kind "tool": invokes toolId directly, no agent turn, no model.',
      },
    ];
  }
  for (const list of ['commands', 'views'] as const) {
    if (matches(path, ['contributes', list, '#'])) {
      return [
        {
          label: list === 'commands' ? 'New command' : 'New view',
          kind: CompletionItemKind.Snippet,
          snippet: '{\n\t"id": "$1",\n\t"title": "$2"\n}',
          documentation: resolveRef(schemaForPath(path))?.description,
        },
      ];
    }
  }
  if (matches(path, ['contributes', 'actions', '#', 'params', '#'])) {
    return [
      {
        label: 'New param',
        kind: CompletionItemKind.Snippet,
        snippet: `{\n\t"id": "$1",\n\t"label": "$2",\n\t"type": "${choice(3, ['text', 'select', 'per-file-text'])}"\n}`,
        documentation: resolveRef(schemaForPath(path))?.description,
      },
    ];
  }
  return undefined;
}
