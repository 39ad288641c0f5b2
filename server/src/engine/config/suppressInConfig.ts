/**
 * "Suppress <code> in filer-manifest.config.json": the entry of `suppress` that accepts one finding of a manifest, and
 * the edit that adds it to a config file's text. Pure: the hosts find the config file (the one they read for the
 * manifest) and give its text as it is when the fix is applied.
 */
import type { DiagnosticOf } from '../diagnostics';
import type { OffsetEdit } from '../fixes/fix';
import { appendMember, formatJson, insertProperty, removeMember } from '../fixes/textEdits';
import { arrayItems, valueNode } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import { parseDocument } from '../parse/parseDocument';
import { configFileName, normalizedPath, suppressionPointer } from './projectConfig';

/** An entry of `suppress`, as the fix writes it. */
export interface SuppressionEntry {
  file: string;
  at: string;
  rule: string;
  reason: string;
}

/** The reason the fix writes, for the author to replace with theirs. */
const placeholderReason = 'TODO: why this is acceptable';

/** The fix's title. */
export function suppressInConfigTitle(code: string): string {
  return `Suppress ${code} in ${configFileName}`;
}

/**
 * The entry that suppresses a finding of the manifest whose path relative to the config file's folder is `file`; none
 * for a finding no suppression can accept: one in another file (a handler's is accepted by a comment there), one at no
 * node of the manifest (a syntax error, a comment, the file's start), and the validator's own (`diagnostics.*`) and the
 * config file's (`config.*`), which are not rules' findings of the manifest.
 */
export function suppressionFor(
  finding: DiagnosticOf<string>,
  root: JsonNode | undefined,
  file: string,
): SuppressionEntry | undefined {
  if (finding.file !== undefined) return undefined;
  if (finding.code.startsWith('diagnostics.') || finding.code.startsWith('config.')) return undefined;
  const at = suppressionPointer(root, finding.offset, finding.length);
  return at === undefined ? undefined : { file, at, rule: finding.code, reason: placeholderReason };
}

/** The text of a new config file holding the one entry. */
export function newConfigWith(entry: SuppressionEntry): string {
  return `${JSON.stringify({ suppress: [entry] }, null, 2)}\n`;
}

/**
 * The edits that add `entry` at the end of `suppress` in a config file's text (the array made when there is none), laid
 * out as the text is; undefined when the text is not a JSON object with no config.syntax finding (a comment or a
 * trailing comma included), when its `suppress` is not a list, or when it has the entry already: the author's file is
 * never made invalid, nor its value overwritten.
 */
export function addSuppressionEdits(text: string, entry: SuppressionEntry): OffsetEdit[] | undefined {
  const document = parseDocument(text, undefined, 100);
  const { root } = document;
  // Any finding of the parse is config.syntax's: a comment or a trailing comma too, which JSON refuses.
  if (root?.type !== 'object' || document.findings.length > 0) return undefined;
  const suppress = valueNode(root, 'suppress');
  if (suppress && suppress.type !== 'array') return undefined;
  const same = (item: JsonNode) =>
    (['file', 'at', 'rule'] as const).every((key) => valueNode(item, key)?.value === entry[key]);
  if (arrayItems(suppress).some(same)) return undefined;
  // Edits at the list's end, never a reformatting of the file: a list of any length on one line takes no longer.
  const edit = suppress
    ? appendMember(document, suppress, (indent) => formatJson(entry, document, indent))
    : insertProperty(document, root, 'suppress', (indent) => formatJson([entry], document, indent));
  return [edit];
}

/** The title of the fix of config.unused-suppression. */
export const removeUnusedSuppressionTitle = 'Remove this unused suppression';

/**
 * The edits that remove the entry of `suppress` config.unused-suppression reported (at `jsonPath`, naming `file`, `at`
 * and `rule`) from the config file's text as it is; undefined when that entry is no longer there as it was reported.
 */
export function removeSuppressionEdits(
  text: string,
  unused: { jsonPath: readonly (string | number)[]; file: string; at: string; rule: string },
): OffsetEdit[] | undefined {
  const [field, index] = unused.jsonPath;
  if (field !== 'suppress' || typeof index !== 'number') return undefined;
  const document = parseDocument(text, undefined, 100);
  if (document.findings.some((f) => f.kind === 'syntax' || f.kind === 'too-deep')) return undefined;
  const item = arrayItems(valueNode(document.root, 'suppress'))[index];
  const at = valueNode(item, 'at')?.value;
  const file = valueNode(item, 'file')?.value;
  if (!item || valueNode(item, 'rule')?.value !== unused.rule || at !== unused.at) return undefined;
  if (typeof file !== 'string' || normalizedPath(file) !== unused.file) return undefined;
  return [removeMember(text, item)];
}
