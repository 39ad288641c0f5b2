import { containsDotDot, isAbsolutePath, normalizeRelativePath } from '../model/references';
import { valueNode } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import { parseDocument, type ParsedDocument } from '../parse/parseDocument';
import type { FileEdit, FixProposal, OffsetEdit } from './fix';
import { formatJson, insertProperty, replaceNode } from './textEdits';

/**
 * A tool argument as a schema the fixes write declares it: a string, with `"format": "file-path"` where the handler
 * passes it to ctx.fs as a path (Filer grants that path under `"parameter": true`). The schema skeleton of a missing
 * file and the fixes that add an argument to a schema that is there write the same.
 */
export function argumentSchema(path: boolean): Record<string, string> {
  return path ? { type: 'string', format: 'file-path' } : { type: 'string' };
}

/** Formats that already mark a property as a path Filer may grant. */
const pathFormats = new Set(['file-path', 'directory-path']);

/**
 * The title of a fix that declares the argument `name` in the schema file `schema` (as the manifest writes it): added,
 * or, where the schema has it already, marked as a path.
 */
export function schemaArgumentTitle(name: string, schema: string, path: boolean, declared = false): string {
  const asPath = path ? ' as a file path ("format": "file-path")' : '';
  return declared ? `Mark \`${name}\` in ${schema}${asPath}` : `Add \`${name}\` to ${schema}${asPath}`;
}

/**
 * A fix that edits a tool's schema file (`schema`, as the manifest writes it) so that it declares the argument `name`,
 * a path when `path`: the property added to the schema's `properties` (made when missing), or, when it is there and a
 * path is wanted, marked `"format": "file-path"`. Made from the schema's text as it is when the fix is applied, laid
 * out as that text is (its indentation unit and line breaks; a property written on one line beside others that are).
 * None for a path that leaves the plugin folder.
 */
export function schemaArgumentFix(
  title: string,
  schema: string,
  name: string,
  path: boolean,
  isPreferred: boolean,
): FixProposal[] {
  if (containsDotDot(schema) || isAbsolutePath(schema)) return [];
  const fileEdit: FileEdit = {
    filePath: normalizeRelativePath(schema),
    editsFor: (text) => argumentEdits(text, name, path),
  };
  return [{ title, edits: [], newFiles: [], fileEdits: [fileEdit], ...(isPreferred ? { isPreferred } : {}) }];
}

/**
 * The edits that make the schema text declare the argument; undefined when it does already (as a path, if one is
 * wanted), when the text is not a JSON object, or when what is there stands in the way (`properties` that is no object,
 * a property that is no string schema): the author's own value is never overwritten, but for a format that is no path.
 */
function argumentEdits(text: string, name: string, path: boolean): OffsetEdit[] | undefined {
  const document = parseDocument(text);
  const { root } = document;
  if (root?.type !== 'object' || document.findings.some((f) => f.kind === 'syntax' || f.kind === 'too-deep'))
    return undefined;
  const value = argumentSchema(path);
  const properties = valueNode(root, 'properties');
  if (!properties)
    return [
      insertProperty(document, root, 'properties', (indent) => laidOut({ [name]: value }, document, root, indent)),
    ];
  if (properties.type !== 'object') return undefined;
  const existing = valueNode(properties, name);
  if (!existing) return [insertInto(document, properties, name, value)];
  if (!path || existing.type !== 'object' || valueNode(existing, '$ref')) return undefined;
  const type = valueNode(existing, 'type');
  if (type && type.value !== 'string') return undefined;
  const format = valueNode(existing, 'format');
  if (!format) return [insertProperty(document, existing, 'format', () => JSON.stringify(value.format))];
  if (typeof format.value === 'string' && pathFormats.has(format.value)) return undefined;
  return [replaceNode(format, JSON.stringify(value.format))];
}

/** `"name": value` added to an object; an empty object of a schema on one line stays on one line. */
function insertInto(document: ParsedDocument, object: JsonNode, name: string, value: unknown): OffsetEdit {
  if ((object.children ?? []).length === 0 && onOneLine(document, document.root!)) {
    const inner = { offset: object.offset + 1, length: Math.max(0, object.length - 2) };
    return { ...inner, newText: ` ${JSON.stringify(name)}: ${oneLine(value)} ` };
  }
  return insertProperty(document, object, name, (indent) => laidOut(value, document, object, indent));
}

/**
 * A value written into `object` as its neighbours are: on one line when the object is, or when the property before it
 * holds an object written on one line; laid out with the document's indentation otherwise.
 */
function laidOut(value: unknown, document: ParsedDocument, object: JsonNode, indent: string): string {
  const last = object.children?.at(-1);
  const lastValue = last && valueNode(last);
  const compact = last
    ? onOneLine(document, object) || (lastValue?.type === 'object' && onOneLine(document, lastValue))
    : onOneLine(document, document.root!);
  return compact ? oneLine(value) : formatJson(value, document, indent);
}

function onOneLine(document: ParsedDocument, node: JsonNode): boolean {
  const { lines } = document;
  return lines.positionAt(node.offset).line === lines.positionAt(node.offset + node.length).line;
}

/** `{ "type": "string", "format": "file-path" }`: JSON on one line, spaced as people write it. */
function oneLine(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([key, inner]) => `${JSON.stringify(key)}: ${oneLine(inner)}`).join(', ')} }`;
}
