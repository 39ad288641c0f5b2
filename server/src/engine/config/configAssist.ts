/**
 * Completion and hover in a `filer-manifest.config.json`: rule codes where a rule is named (a key of `rules`, the
 * `rule` of a suppression), severities where one is set, and each object's keys; a rule code's hover says what the
 * rule checks and its default severity. Asked by place (the path of a key or value), which the caller finds in the
 * file's one parse, as for a manifest: a half-typed or deeply nested file is located the same way.
 */
import type { JsonPath } from '../model/nodes';
import { allRules, ruleByCode } from '../rules/registry';
import { configKeys, severityValues } from './projectConfig';

interface ConfigCompletion {
  label: string;
  kind: 'rule' | 'severity' | 'key';
  /** One line: a rule's default severity and area, a severity's effect, a key's meaning. */
  detail: string;
}

/** A place in the file: a key being typed in the object at `path`, or the value at `path`. */
export type ConfigPlace = { kind: 'key'; objectPath: JsonPath } | { kind: 'value'; path: JsonPath };

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

/** Where a rule is named or a severity set: what completion offers at a place in the file. */
function slotAt(place: ConfigPlace): 'rule' | 'severity' | keyof typeof configKeys | undefined {
  const path = place.kind === 'key' ? place.objectPath : place.path;
  const [first, index, second] = path;
  const inOverride = first === 'overrides' && typeof index === 'number';
  const inSuppression = first === 'suppress' && typeof index === 'number';
  if (place.kind === 'value') {
    const inRules = (first === 'rules' && path.length === 2) || (inOverride && second === 'rules' && path.length === 4);
    if (inRules) return 'severity';
    return inSuppression && second === 'rule' && path.length === 3 ? 'rule' : undefined;
  }
  if ((first === 'rules' && path.length === 1) || (inOverride && second === 'rules' && path.length === 3))
    return 'rule';
  if (path.length === 0) return 'root';
  if (inOverride && path.length === 2) return 'override';
  if (inSuppression && path.length === 2) return 'suppression';
  return undefined;
}

/** The completions at a place of a config file, in the order to show them. */
export function configCompletions(place: ConfigPlace): ConfigCompletion[] {
  const slot = slotAt(place);
  if (!slot) return [];
  if (slot === 'rule')
    return allRules.map((rule) => ({
      label: rule.code,
      kind: 'rule',
      detail: `${rule.severity}: ${rule.description}`,
    }));
  if (slot === 'severity')
    return severityValues.map((severity) => ({ label: severity, kind: 'severity', detail: severityEffect[severity] }));
  return configKeys[slot].map((key) => ({ label: key, kind: 'key', detail: keyMeaning[key] }));
}

/**
 * On a string of the file naming a rule (a key of `rules`, a suppression's `rule`): what the rule checks, and its
 * severity when the file does not set it.
 */
export function configRuleHover(place: ConfigPlace, written: string): { code: string; text: string } | undefined {
  if (slotAt(place) !== 'rule') return undefined;
  const rule = ruleByCode.get(written);
  return rule && { code: rule.code, text: `${rule.description} By default: ${rule.severity}.` };
}
