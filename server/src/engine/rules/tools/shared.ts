import {
  declaresAnnotations,
  deriveToolGating,
  pluginGatingFacts,
  type ToolGating,
} from '../../categories/approvalCategory';
import type { ToolEntry } from '../../model/manifestModel';
import type { CheckContext, Target } from '../rule';
import type { Fix, OffsetEdit } from '../../fixes/fix';
import { field, quote } from '../messages';
import { formatJson, insertProperty, lineIndentAt, replaceNode } from '../../fixes/textEdits';
import { nodeOf } from '../../fixes/shared';
import { type JsonPath, valueNode } from '../../model/nodes';

/** A tool without annotations: which tool, and what its `annotations` (if any) says. */
export interface UndeclaredData {
  /** The tool. */
  jsonPath: JsonPath;
  /** Its id (or legacy name), when it has one. */
  toolName?: string;
  annotations: 'absent' | 'empty' | 'none-named';
  /** When the gate asks, for the category the tool is treated as. */
  asks: string;
}

/** A tool's schema file, at its field. */
export interface SchemaFileData {
  jsonPath: JsonPath;
  filePath: string;
}

const annotationChoices: { label: string; annotations: Record<string, boolean> }[] = [
  { label: 'read (readOnlyHint: true)', annotations: { readOnlyHint: true } },
  { label: 'modify (readOnlyHint: false)', annotations: { readOnlyHint: false } },
  { label: 'delete (destructiveHint: true)', annotations: { readOnlyHint: false, destructiveHint: true } },
  { label: 'external (openWorldHint: true)', annotations: { openWorldHint: true } },
];

/** Annotations declared on a tool that has none: one fix per category, the author picks. */
export const declareAnnotations: Fix<{ jsonPath: JsonPath }> = ({ jsonPath }, input) => {
  const tool = nodeOf(input, jsonPath);
  if (tool?.type !== 'object') return [];
  // `annotations: {}` declares nothing, like no annotations at all: the fix fills it in place.
  const present = valueNode(tool, 'annotations');
  if (present && !(present.type === 'object' && !present.children?.length)) return [];
  const document = input.analysis.document;
  const declare = (annotations: Record<string, boolean>): OffsetEdit =>
    present
      ? replaceNode(present, formatJson(annotations, document, lineIndentAt(document, present.offset)))
      : insertProperty(document, tool, 'annotations', (indent) => formatJson(annotations, document, indent));
  return annotationChoices.map(({ label, annotations }) => ({
    title: `Declare annotations: ${label}`,
    edits: [declare(annotations)],
    newFiles: [],
  }));
};

/** How a message names a tool without annotations. */
export function undeclared({ jsonPath, toolName, annotations }: UndeclaredData): string {
  const theTool = toolName === undefined ? `The tool at ${field(jsonPath)}` : `Tool ${quote(toolName)}`;
  const said =
    annotations === 'absent'
      ? ''
      : annotations === 'empty'
        ? ' (its `annotations` object is empty)'
        : ' (its `annotations` names none of `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`)';
  return `${theTool} declares no annotations${said}`;
}

export function notADuration(name: string, value: unknown): string {
  return `${name} ${quote(value)} is not a duration like "30s". Write a whole number followed by ms, s, m or h, as in "500ms" or "2m".`;
}

/**
 * How a tool that declares no annotations is gated, with where and what its finding says; undefined for a tool that
 * declares them (or is no object). The plugin's gating facts are read once per validation.
 */
export function undeclaredGating(
  tool: ToolEntry,
  { shared }: Pick<CheckContext<unknown>, 'shared'>,
): { gating: ToolGating; at: Target; data: UndeclaredData } | undefined {
  if (tool.node.type !== 'object' || declaresAnnotations(tool.value.annotations)) return undefined;
  const gating = deriveToolGating(undefined, shared(pluginGatingFacts));
  const at = valueNode(tool.node, 'id') ?? valueNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 };
  const name = tool.id ?? (typeof tool.value.name === 'string' ? tool.value.name : undefined);
  const data: UndeclaredData = {
    jsonPath: tool.jsonPath,
    ...(name === undefined ? {} : { toolName: name }),
    annotations: annotationsSaid(tool.value.annotations),
    asks: gating.asks,
  };
  return { gating, at, data };
}

/** What an `annotations` value that declares nothing is: none, an empty object, or one without the four names. */
function annotationsSaid(annotations: unknown): UndeclaredData['annotations'] {
  if (annotations === undefined) return 'absent';
  const empty = annotations !== null && typeof annotations === 'object' && Object.keys(annotations).length === 0;
  return empty ? 'empty' : 'none-named';
}
