import type { ManifestModel } from '../model/manifestModel';
import { keyNode, propertyNode, type JsonPath } from '../model/nodes';
import { endOf } from '../parse/jsonNode';
import type { ParsedDocument } from '../parse/parseDocument';
import { trimDashes } from '../rules/messages';
import { unattended, type Creatable, type Fix, type FixProposal, type NewFile, type OffsetEdit } from './fix';
import { movedSchemaText, schemaSkeleton } from './skeletons';
import { insertProperty, lineIndentAt, replaceNode } from './textEdits';

/** What a tools.legacy-shape finding carries: the tool, by path and index. */
interface LegacyToolData {
  jsonPath: JsonPath;
  toolIndex: number;
}

/**
 * The legacy tool's fix: this tool, and, when the file has several, all of them at once (that proposal
 * mends every tools.legacy-shape diagnostic of the document).
 */
export const legacyToolShape: Fix<LegacyToolData> = unattended(
  ({ toolIndex }, { analysis, diagnostic, sameRule, creatable, shared }) => {
    const { document, model } = analysis;
    const proposals: FixProposal[] = [];
    const single = fixLegacyTools(document, model, [toolIndex], creatable);
    if (single) {
      const moves = single.newFiles.length > 0 ? ` and move its parameters to ./${single.newFiles[0].filePath}` : '';
      proposals.push({
        title: `Use the current tool shape: rename "name" to "id"${moves}`,
        ...single,
        isPreferred: true,
      });
    }
    // The same for every legacy tool of the document: made once per request.
    const all = shared(`${diagnostic.code}: all`, (): FixProposal | undefined => {
      if (sameRule.length < 2) return undefined;
      const edits = fixLegacyTools(
        document,
        model,
        sameRule.map((finding) => finding.data.toolIndex),
        creatable,
      );
      return (
        edits && {
          title: `Fix all legacy tools in this file (${sameRule.length})`,
          ...edits,
          mends: sameRule.map((finding) => finding.diagnostic),
        }
      );
    });
    if (all) proposals.push(all);
    return proposals;
  },
);

interface LegacyToolEdits {
  edits: OffsetEdit[];
  newFiles: NewFile[];
}

/** How many names (`<id>`, `<id>-2`, …) are tried before the fix gives up on a tool. */
const candidateLimit = 100;
/** A file name's base is cut to this many characters: a name of any length stays a valid file name. */
const baseLengthLimit = 80;

/**
 * The legacy tool shape, fixed as the reference asks: `name` becomes `id`, and the inline
 * `parameters` move into a new schema file (`./tools/<id>.schema.json`, or `-2`, `-3`… when that name
 * is taken on disk or by another tool of the same fix) which `"schema"` then names. The parameters keep
 * their text, moved to the file's top level and laid out like the manifest (skeletons.ts); the manifest
 * keeps its indentation and line breaks.
 * A tool that already names a schema only has `name` renamed. A tool whose schema file could not be
 * made inside the plugin folder (`tools` a link out of it, or every name taken) is left as it is.
 * Undefined when no tool can be fixed.
 */
function fixLegacyTools(
  document: ParsedDocument,
  model: ManifestModel,
  toolIndexes: number[],
  creatable: Creatable,
): LegacyToolEdits | undefined {
  const taken = new Set<string>();
  const manifestEdits: OffsetEdit[] = [];
  const newFiles: NewFile[] = [];

  for (const index of toolIndexes) {
    const tool = model.tools[index];
    if (!tool || tool.node.type !== 'object' || tool.value.id !== undefined || typeof tool.value.name !== 'string')
      continue;
    const id = tool.value.name;
    const rename = replaceNode(keyNode(tool.node, 'name')!, '"id"');
    if (propertyNode(tool.node, 'schema')) {
      manifestEdits.push(rename);
      continue;
    }

    const filePath = freeSchemaPath(id, (candidate) => (taken.has(candidate) ? 'exists' : creatable(candidate)));
    if (filePath === undefined) continue;
    manifestEdits.push(rename);
    taken.add(filePath);
    const schemaProperty = `"schema": ${JSON.stringify(`./${filePath}`)}`;
    const parameters = propertyNode(tool.node, 'parameters');
    const parametersValue = parameters?.valueNode;
    if (parameters && parametersValue) {
      manifestEdits.push({ offset: parameters.offset, length: parameters.length, newText: schemaProperty });
      const indent = lineIndentAt(document, parameters.offset);
      const valueText = document.text.slice(parametersValue.offset, endOf(parametersValue));
      newFiles.push({ filePath, text: movedSchemaText(valueText, indent, document) });
    } else {
      manifestEdits.push(insertProperty(document, tool.node, 'schema', () => JSON.stringify(`./${filePath}`)));
      newFiles.push({ filePath, text: schemaSkeleton(document) });
    }
  }
  return manifestEdits.length > 0 ? { edits: manifestEdits, newFiles } : undefined;
}

/**
 * `tools/<id>.schema.json`, or the first of `tools/<id>-2.schema.json`, `-3`, … that is free;
 * undefined when a name cannot be made inside the plugin folder, or none of the first few is free.
 */
function freeSchemaPath(id: string, creatable: Creatable): string | undefined {
  const base = trimDashes(id.replace(/[^A-Za-z0-9_-]+/g, '-')).slice(0, baseLengthLimit) || 'tool';
  for (let n = 1; n <= candidateLimit; n++) {
    const candidate = `tools/${base}${n === 1 ? '' : `-${n}`}.schema.json`;
    const status = creatable(candidate);
    if (status === 'free') return candidate;
    if (status === 'outside') return undefined;
  }
  return undefined;
}
