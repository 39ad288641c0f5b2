import { propertyNode, type ManifestModel, type ParsedDocument } from '../../engine';
import { endOf } from '../jsonLocation';
import { eolOf, indentUnitOf, insertProperty, lineIndentAt, replaceNode, type OffsetEdit } from '../textEdits';

/** A file a fix creates: plugin-relative path and its text. */
export interface NewFile {
  relativePath: string;
  text: string;
}

export interface LegacyToolFix {
  manifestEdits: OffsetEdit[];
  newFiles: NewFile[];
}

/**
 * The legacy tool shape, fixed as the reference asks: `name` becomes `id`, and the inline
 * `parameters` move into a new schema file (`./tools/<id>.schema.json`, or `-2`, `-3`… when that name
 * is taken on disk or by another tool of the same fix) which `"schema"` then names. The parameters keep
 * their text, de-indented to the file's top level; the manifest keeps its indentation and line breaks.
 * A tool that already names a schema only has `name` renamed. Undefined when no tool can be fixed.
 */
export function fixLegacyTools(
  document: ParsedDocument,
  model: ManifestModel,
  toolIndexes: number[],
  fileExists: (relativePath: string) => boolean,
): LegacyToolFix | undefined {
  const text = document.text;
  const eol = eolOf(text);
  const taken = new Set<string>();
  const manifestEdits: OffsetEdit[] = [];
  const newFiles: NewFile[] = [];

  for (const index of toolIndexes) {
    const tool = model.tools[index];
    if (!tool || tool.node.type !== 'object' || tool.value.id !== undefined || typeof tool.value.name !== 'string') continue;
    const id = tool.value.name;
    manifestEdits.push(replaceNode(propertyNode(tool.node, 'name')!.keyNode, '"id"'));
    if (propertyNode(tool.node, 'schema')) continue;

    const relativePath = freeSchemaPath(id, (candidate) => taken.has(candidate) || fileExists(candidate));
    taken.add(relativePath);
    const schemaProperty = `"schema": ${JSON.stringify(`./${relativePath}`)}`;
    const parameters = propertyNode(tool.node, 'parameters');
    const parametersValue = parameters?.valueNode;
    if (parameters && parametersValue) {
      manifestEdits.push({ offset: parameters.offset, length: parameters.length, newText: schemaProperty });
      const indent = lineIndentAt(text, parameters.offset);
      newFiles.push({ relativePath, text: dedent(text.slice(parametersValue.offset, endOf(parametersValue)), indent, eol) + eol });
    } else {
      const unit = indentUnitOf(text);
      manifestEdits.push(insertProperty(text, tool.node, 'schema', () => JSON.stringify(`./${relativePath}`)));
      newFiles.push({ relativePath, text: `{${eol}${unit}"type": "object",${eol}${unit}"properties": {}${eol}}${eol}` });
    }
  }
  return manifestEdits.length > 0 ? { manifestEdits, newFiles } : undefined;
}

/** `tools/<id>.schema.json`, or the first of `tools/<id>-2.schema.json`, `-3`, … that is free. */
function freeSchemaPath(id: string, isTaken: (relativePath: string) => boolean): string {
  const base = id.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'tool';
  for (let n = 1; ; n++) {
    const candidate = `tools/${base}${n === 1 ? '' : `-${n}`}.schema.json`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** Removes `indent` from the start of every line after the first: the value moves to a file's top level. */
function dedent(value: string, indent: string, eol: string): string {
  return value
    .split(/\r?\n/)
    .map((line, index) => (index > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
    .join(eol);
}

