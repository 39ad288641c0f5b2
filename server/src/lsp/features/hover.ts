import { MarkupKind, type Hover } from 'vscode-languageserver';
import {
  categoryMeaning,
  knownHookEvents,
  schemaForPath,
  toolGating,
  type CategoryReason,
  type JsonNode,
  type ManifestModel,
  type ParsedDocument,
  type ToolEntry,
} from '../../engine';
import { isKeyNode, matches, nodeAt, pathAt } from '../jsonLocation';

const allowListRule =
  "A hook for a folder's run fires only if that folder allows your plugin: the folder's plugin allow-list decides which plugins' hooks hear about the run. A folder with no list reaches every installed plugin; an empty list reaches none.";

/**
 * Hover: every key shows its rule from the reference (the schema's description); a tool's id, name,
 * annotations or object shows how Filer's approval gate treats it; enum values show their meaning.
 */
export function hoverAt(document: ParsedDocument, model: ManifestModel, offset: number): Hover | undefined {
  const node = nodeAt(document.root, offset);
  if (!node || node.type === 'property') return undefined;
  const path = pathAt(node);
  const sections: string[] = [];

  const toolIndex = matches(path.slice(0, 3), ['contributes', 'tools', '#']) ? (path[2] as number) : undefined;
  const tool = toolIndex !== undefined ? model.tools[toolIndex] : undefined;
  const aboutTool = tool && (path.length === 3 || ['id', 'name', 'annotations'].includes(String(path[3])));

  if (isKeyNode(node) || node.type === 'object' || node.type === 'array') {
    const description = describeKey(path, isKeyNode(node));
    if (description) sections.push(description);
  } else {
    // A value shows what it means, or else the rule of the key it belongs to.
    const valueWords = describeValue(path, node, model) ?? describeKey(path, false);
    if (valueWords) sections.push(valueWords);
  }
  if (aboutTool) sections.push(gatingMarkdown(tool, model));
  if (sections.length === 0) return undefined;
  const span = node.type === 'object' || node.type === 'array' ? { offset: node.offset, length: 1 } : node;
  return { contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n---\n\n') }, range: document.lines.rangeOf(span.offset, span.length) };
}

function describeKey(path: (string | number)[], isKey: boolean): string | undefined {
  const key = path[path.length - 1];
  if (isKey && matches(path, ['contributes', 'hooks', '*'])) {
    const announces = knownHookEvents[key as string];
    if (!announces) return `**${key}**: not an event the reference names; its handler may never run.`;
    return `**${key}**: ${announces}${announces.includes('reaches every plugin') ? '' : `\n\n${allowListRule}`}`;
  }
  const description = schemaForPath(path)?.description;
  if (!description) return undefined;
  return typeof key === 'string' && isKey ? `**${key}**: ${description}` : description;
}

function describeValue(path: (string | number)[], node: JsonNode, model: ManifestModel): string | undefined {
  if (matches(path, ['contributes', 'actions', '#', 'toolId']) && typeof node.value === 'string') {
    const tool = model.toolsById.get(node.value);
    return tool ? `Calls tool **${node.value}**${typeof tool.value.title === 'string' ? ` (${tool.value.title})` : ''}.` : undefined;
  }
  if (matches(path, ['contributes', 'actions', '#', 'generate', 'actionId']) && typeof node.value === 'string') {
    const action = model.actionsById.get(node.value);
    return action ? `Invokes action **${node.value}**${typeof action.value.title === 'string' ? ` (${action.value.title})` : ''}.` : undefined;
  }
  const schemaNode = schemaForPath(path);
  const enumValues = schemaNode?.enum ?? (schemaNode?.then?.enum as unknown[] | undefined);
  const descriptions = schemaNode?.enumDescriptions;
  if (enumValues && descriptions) {
    const index = enumValues.indexOf(node.value);
    if (index >= 0 && descriptions[index]) return `\`${JSON.stringify(node.value)}\`: ${descriptions[index]}`;
  }
  return undefined;
}

const sourceWords: Record<CategoryReason['source'], string> = {
  declared: 'declared by the tool',
  'permissions.fetch': 'implied by `permissions.fetch`',
  'runtime: "process"': 'implied by `runtime: "process"`',
  'permissions.fs.write': 'implied by `permissions.fs.write`',
  default: 'nothing that applies',
};

/** "How a tool is gated", for one tool: its category, every reason with the one that won, and when the gate asks. */
export function gatingMarkdown(tool: ToolEntry, model: ManifestModel): string {
  const gating = toolGating(tool, model);
  const name = tool.id ?? (typeof tool.value.name === 'string' ? tool.value.name : `#${tool.key}`);
  const lines = [
    `**Tool \`${name}\`**: approval category **${gating.category}**: ${categoryMeaning[gating.category]}.`,
    '',
    `The gate ${gating.asks}.`,
    '',
    gating.reasons.length > 1 ? 'Why (when several apply, the strictest wins):' : 'Why:',
  ];
  gating.reasons.forEach((reason, index) => {
    const annotation = reason.source === 'default' ? 'nothing that applies' : `\`${reason.annotation}\`, ${sourceWords[reason.source]}`;
    const won = gating.reasons.length > 1 && index === 0 ? ' (wins)' : '';
    lines.push(`- ${annotation} → ${reason.category}${won}`);
  });
  if (gating.undeclared) {
    lines.push(
      '',
      gating.reasons[0].source === 'default'
        ? 'The tool declares no annotations, and nothing its plugin may do implies one.'
        : 'The tool declares no annotations, so it is treated by what its plugin may do. Declare annotations so a read-only tool does not ask.',
    );
  }
  return lines.join('\n');
}
