import type { Hover } from 'vscode-languageserver';
import {
  categoryMeaning,
  hookEventDocumentation,
  schemaForPath,
  toolGating,
  toolLabel,
  type CategoryReason,
  type JsonNode,
  type JsonPath,
  type ManifestModel,
  type ParsedDocument,
  type ToolEntry,
} from '../../engine';
import { isKeyNode, matches, nodeAt, pathAt } from '../jsonLocation';
import { markdownMarkup, markupContent, type Markup } from '../markdown';

/**
 * Hover: every key shows its rule from the reference (the schema's description); a tool's id, name,
 * annotations or object leads with how Filer's approval gate treats it; enum values show their meaning.
 * Written in `markup` (markdown or plain text, as the client reads it); manifest text is never markup.
 */
export function hoverAt(
  document: ParsedDocument,
  model: ManifestModel,
  offset: number,
  markup: Markup = markdownMarkup,
): Hover | undefined {
  const node = nodeAt(document.root, offset);
  if (!node || node.type === 'property') return undefined;
  const path = pathAt(node);
  const sections: string[] = [];

  const toolIndex = matches(path.slice(0, 3), ['contributes', 'tools', '#']) ? (path[2] as number) : undefined;
  const tool = toolIndex !== undefined ? model.tools[toolIndex] : undefined;
  const aboutTool = tool && (path.length === 3 || ['id', 'name', 'annotations'].includes(String(path[3])));
  if (aboutTool) sections.push(gatingText(tool, model, markup));

  if (isKeyNode(node) || node.type === 'object' || node.type === 'array') {
    const description = describeKey(path, isKeyNode(node), markup);
    if (description) sections.push(description);
  } else {
    // A value shows what it means, or else the rule of the key it belongs to.
    const valueWords = describeValue(path, node, model, markup) ?? describeKey(path, false, markup);
    if (valueWords) sections.push(valueWords);
  }
  if (sections.length === 0) return undefined;
  const span = node.type === 'object' || node.type === 'array' ? { offset: node.offset, length: 1 } : node;
  return {
    contents: markupContent(markup, markup.sections(sections)),
    range: document.lines.rangeOf(span.offset, span.length),
  };
}

function describeKey(path: JsonPath, isKey: boolean, markup: Markup): string | undefined {
  const key = path[path.length - 1];
  if (isKey && matches(path, ['contributes', 'hooks', '*'])) {
    const event = String(key);
    const documentation = hookEventDocumentation(event);
    if (!documentation)
      return `${markup.strong(event)}${markup.text(': not an event the reference names; its handler may never run.')}`;
    const [announces, ...more] = documentation;
    return [
      `${markup.strong(event)}${markup.text(`: ${announces}`)}`,
      ...more.map((paragraph) => markup.text(paragraph)),
    ].join('\n\n');
  }
  const description = schemaForPath(path)?.description;
  if (!description) return undefined;
  return typeof key === 'string' && isKey
    ? `${markup.strong(key)}${markup.text(`: ${description}`)}`
    : markup.text(description);
}

function describeValue(path: JsonPath, node: JsonNode, model: ManifestModel, markup: Markup): string | undefined {
  if (matches(path, ['contributes', 'actions', '#', 'toolId']) && typeof node.value === 'string') {
    const tool = model.toolsById.get(node.value);
    return tool
      ? `${markup.text('Calls tool ')}${markup.strong(node.value)}${titleText(tool.value.title, markup)}${markup.text('.')}`
      : undefined;
  }
  if (matches(path, ['contributes', 'actions', '#', 'generate', 'actionId']) && typeof node.value === 'string') {
    const action = model.actionsById.get(node.value);
    return action
      ? `${markup.text('Invokes action ')}${markup.strong(node.value)}${titleText(action.value.title, markup)}${markup.text('.')}`
      : undefined;
  }
  const schemaNode = schemaForPath(path);
  const enumValues = schemaNode?.enum ?? (schemaNode?.then?.enum as unknown[] | undefined);
  const descriptions = schemaNode?.enumDescriptions;
  if (enumValues && descriptions) {
    const index = enumValues.indexOf(node.value);
    if (index >= 0 && descriptions[index])
      return `${markup.code(JSON.stringify(node.value))}${markup.text(`: ${descriptions[index]}`)}`;
  }
  return undefined;
}

function titleText(title: unknown, markup: Markup): string {
  return typeof title === 'string' ? markup.text(` (${title})`) : '';
}

/** Where a reason came from: the tool itself, or what its plugin may do (a field of the manifest, shown as code). */
function sourceText(source: CategoryReason['source'], markup: Markup): string {
  if (source === 'declared') return markup.text(', declared by the tool');
  return `${markup.text(', implied by ')}${markup.code(source)}`;
}

/**
 * "How a tool is gated", for one tool: one short line with its category and when the gate asks, then
 * every reason with the one that won, then what the category means and why the plugin decided it.
 */
function gatingText(tool: ToolEntry, model: ManifestModel, markup: Markup): string {
  const gating = toolGating(tool, model);
  const name = toolLabel(tool);
  const lines = [
    `${markup.text('Approval category ')}${markup.strong(gating.category)}${markup.text(' (tool ')}${markup.code(name)}${markup.text(`): ${gating.asks}.`)}`,
    '',
    markup.text(gating.reasons.length > 1 ? 'Why (when several apply, the strictest wins):' : 'Why:'),
  ];
  gating.reasons.forEach((reason, index) => {
    const won = gating.reasons.length > 1 && index === 0 ? ' (wins)' : '';
    const annotation =
      reason.source === 'default'
        ? markup.text(reason.annotation)
        : `${markup.code(reason.annotation)}${sourceText(reason.source, markup)}`;
    lines.push(`- ${annotation}${markup.text(`: category ${reason.category}${won}`)}`);
  });
  lines.push(
    '',
    `${markup.text('A tool in category ')}${markup.strong(gating.category)}${markup.text(` ${categoryMeaning[gating.category]}.`)}`,
  );
  if (gating.undeclared) {
    lines.push(
      '',
      markup.text(
        gating.reasons[0].source === 'default'
          ? 'The tool declares no annotations, and nothing its plugin may do implies one.'
          : 'The tool declares no annotations, so it is treated by what its plugin may do. Declare annotations so a read-only tool does not ask.',
      ),
    );
  }
  return lines.join('\n');
}
