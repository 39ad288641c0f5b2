import type { HandlerKind } from '../handlers/handlerFacts';
import { valueNode } from '../model/nodes';
import type { ParsedDocument } from '../parse/parseDocument';
import { edit, type Fix, type OffsetEdit } from './fix';
import { formatJson, insertProperty, replaceNode } from './textEdits';

/**
 * A ctx member a handler uses: the permission it needs (its path under the manifest's root), the handler, the member.
 */
export interface PermissionUse {
  jsonPath: ['permissions', ...string[]];
  /** The handler's path as the manifest writes it. */
  filePath: string;
  /** The gated member as the handler writes it (`context.fs.read`), for the message. */
  member: string;
  /** What kind of handler uses it: only a tool call brings a path that `"parameter": true` grants. */
  handler: HandlerKind;
}

/**
 * The permission a handler's ctx use needs, declared in the manifest: `true`, or for fs the grant that
 * can admit the path: `"parameter": true` for a tool handler (the path comes from the tool's
 * arguments); for a hook, a slash command or a setting action, which no tool call grants a path, a
 * static pattern for the plugin's data directory, to be narrowed by the author.
 * The fix of the manifest's finding and of the handler's finding alike.
 */
export const declarePermission: Fix<PermissionUse> = ({ jsonPath, handler }, { analysis }) => {
  const isFs = jsonPath[1] === 'fs';
  const byParameter = handler === 'tool';
  const value = !isFs ? true : byParameter ? { parameter: true } : { static: ['${dataDir}/**'] };
  const declaration = declarationEdit(analysis.document, jsonPath, value);
  if (!declaration) return [];
  const how = !isFs
    ? ''
    : byParameter
      ? ' with "parameter": true (the path comes from the tool\u2019s arguments)'
      : ' with a static pattern for the plugin\u2019s data directory';
  return edit(`Declare \`${jsonPath.join('.')}\`${how}`, [declaration]);
};

/**
 * Makes `path` hold `value`, adding the objects on the way that are missing; a `false` at the end
 * is turned on. Nothing where something else stands in the way (the author's own value is not overwritten).
 */
function declarationEdit(document: ParsedDocument, path: string[], value: unknown): OffsetEdit | undefined {
  let object = document.root;
  for (let depth = 0; object?.type === 'object'; depth++) {
    const existing = valueNode(object, path[depth]);
    const rest = path.slice(depth + 1);
    if (!existing) {
      const nested = rest.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      return insertProperty(document, object, path[depth], (indent) => formatJson(nested, document, indent));
    }
    if (rest.length === 0)
      return existing.value === false && value === true ? replaceNode(existing, 'true') : undefined;
    object = existing;
  }
  return undefined;
}
