/**
 * Completion and hover in a `filer-manifest.config.json`: rule codes where a rule is named (a key of `rules`, the
 * `rule` of a suppression), severities where one is set, and each object's keys; a rule code's hover says what the
 * rule checks and its default severity. Read from the text with jsonc-parser's scanner, which places a cursor in a
 * half-typed file as well as in a whole one.
 */
import { createScanner, getLocation, SyntaxKind, type JSONPath } from 'jsonc-parser';
import { allRules, ruleByCode } from '../rules/registry';
import { configKeys, severityValues } from './projectConfig';

interface ConfigCompletion {
  label: string;
  kind: 'rule' | 'severity' | 'key';
  /** One line: a rule's default severity and area, a severity's effect, a key's meaning. */
  detail: string;
  /** The text written, JSON-quoted; it replaces offset…offset+length (the string being typed, quotes included). */
  newText: string;
  offset: number;
  length: number;
}

/** What a severity set in the file does. */
const severityEffect: Record<(typeof severityValues)[number], string> = {
  off: 'Not reported.',
  hint: 'Reported as a hint: shown in the editor only, never fails a check.',
  information: 'Reported as information: never fails a check.',
  warning: 'Reported as a warning: fails `check` only with --max-warnings.',
  error: 'Reported as an error: `check` exits 1.',
};

/** What each key of the file holds. */
const keyMeaning: Record<string, string> = {
  rules: 'Severity per rule code, for every manifest below this file.',
  overrides: 'Severities for the manifests some globs match; later entries win.',
  ignore: 'Globs of manifests never checked.',
  suppress: 'Findings the team accepted: each with `file`, `at`, `rule` and `reason`.',
  $schema: 'The JSON Schema of this file, for editors.',
  files: 'Globs of manifests, relative to this file.',
  file: 'The manifest, relative to this file.',
  at: 'A JSON pointer to the value or key of the finding, e.g. "/contributes/tools/0/id".',
  rule: 'The code of the rule whose finding is accepted there.',
  reason: 'Why the team accepted it.',
};

/** Where a rule is named or a severity set: what completion offers at a path of the file. */
function slotAt(path: JSONPath, atKey: boolean): 'rule' | 'severity' | keyof typeof configKeys | undefined {
  // A key's path ends with the key being typed ('' before its first character).
  const [first, index, second] = path;
  const inRules =
    (first === 'rules' && path.length === 2) ||
    (first === 'overrides' && typeof index === 'number' && second === 'rules' && path.length === 4);
  if (inRules) return atKey ? 'rule' : 'severity';
  if (first === 'suppress' && typeof index === 'number' && second === 'rule' && path.length === 3 && !atKey)
    return 'rule';
  if (!atKey) return undefined;
  if (path.length <= 1) return 'root';
  if (first === 'overrides' && typeof index === 'number' && path.length === 3) return 'override';
  if (first === 'suppress' && typeof index === 'number' && path.length === 3) return 'suppression';
  return undefined;
}

/** The completions at `offset` of a config file's text. */
export function configCompletions(text: string, offset: number): ConfigCompletion[] {
  const location = getLocation(text, offset);
  const slot = slotAt(location.path, location.isAtPropertyKey);
  if (!slot) return [];
  const typed = typedString(text, offset);
  const at = typed ? { offset: typed.offset, length: typed.length } : { offset, length: 0 };
  const complete = (label: string, kind: ConfigCompletion['kind'], detail: string): ConfigCompletion => ({
    label,
    kind,
    detail,
    newText: JSON.stringify(label),
    ...at,
  });
  if (slot === 'rule')
    return allRules.map((rule) => complete(rule.code, 'rule', `${rule.severity}: ${rule.description}`));
  if (slot === 'severity')
    return severityValues.map((severity) => complete(severity, 'severity', severityEffect[severity]));
  return configKeys[slot].map((key) => complete(key, 'key', keyMeaning[key]));
}

/**
 * The string the cursor is in or at the end of (being typed, perhaps not closed yet): its place, quotes included, and
 * its value. The scanner's tokens, read up to the cursor: linear in the text before it.
 */
function typedString(text: string, offset: number): { offset: number; length: number; value: string } | undefined {
  const scanner = createScanner(text, true);
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const start = scanner.getTokenOffset();
    if (start >= offset) return undefined;
    const end = start + scanner.getTokenLength();
    if (offset <= end)
      return token === SyntaxKind.StringLiteral
        ? { offset: start, length: end - start, value: scanner.getTokenValue() }
        : undefined;
  }
  return undefined;
}

interface ConfigHover {
  code: string;
  /** What the rule checks, and its severity when the file does not set it. */
  text: string;
  offset: number;
  length: number;
}

/** On a rule code the file names (a key of `rules`, a suppression's `rule`): what the rule checks. */
export function configHoverAt(text: string, offset: number): ConfigHover | undefined {
  const location = getLocation(text, offset);
  const typed = typedString(text, offset);
  if (!typed || slotAt(location.path, location.isAtPropertyKey) !== 'rule') return undefined;
  const rule = ruleByCode.get(typed.value);
  if (!rule) return undefined;
  return {
    code: rule.code,
    text: `${rule.description} By default: ${rule.severity}.`,
    offset: typed.offset,
    length: typed.length,
  };
}
