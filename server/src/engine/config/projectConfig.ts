/**
 * A project's `filer-manifest.config.json`, read by the CLI and the language server alike: severities per rule
 * (`rules`), per group of manifests (`overrides`), manifests never checked (`ignore`), and findings the team accepted
 * (`suppress`). Pure: the hosts find the file (the nearest one above a manifest, inside the repository or the workspace
 * folder) and read it safely; this reads its text, says what is wrong in it, and answers what applies to a manifest.
 */
import type { Severity } from '../diagnostics';
import type { JsonPath } from '../model/nodes';
import { arrayItems, keyNode, objectProperties, valueNode } from '../model/nodes';
import { keyOf, type JsonNode, type PropertyNode } from '../parse/jsonNode';
import { parseDocument, type ParsedDocument } from '../parse/parseDocument';
import { closest } from '../rules/messages';
import { ruleByCode, type ManifestDiagnostic, type RuleCode, type RuleData } from '../rules/registry';
import { compileGlob, GlobError } from '../text/glob';

export const configFileName = 'filer-manifest.config.json';

/** A severity a rule is set to (validate.ts's SeverityOverride, written here so that validate.ts may import this). */
type SeverityOverride = Severity | 'off';

/** The severities a rule may be set to, in the order completion offers them. */
export const severityValues = [
  'off',
  'hint',
  'information',
  'warning',
  'error',
] as const satisfies readonly SeverityOverride[];

/** The keys of each object of the file, in the order completion offers them. */
export const configKeys = {
  root: ['rules', 'overrides', 'ignore', 'suppress', '$schema'],
  override: ['files', 'rules'],
  suppression: ['file', 'at', 'rule', 'reason'],
} as const;

/** A glob of `overrides[].files` or `ignore`: what it matches, and whether it matched a manifest. */
interface ConfigGlob {
  pattern: string;
  jsonPath: JsonPath;
  node: JsonNode;
  /** Undefined for a pattern that cannot be used (config.glob-invalid said why). */
  match: ((filePath: string) => boolean) | undefined;
}

interface ConfigOverride {
  files: ConfigGlob[];
  rules: Record<string, SeverityOverride>;
}

/** One usable entry of `suppress`. */
export interface ConfigSuppression {
  /** Its index in `suppress`: what `used` sets hold. */
  index: number;
  /** The manifest's path relative to the config file's folder, `/`-separated, without a leading `./`. */
  file: string;
  at: string;
  /** The pointer's reference tokens, unescaped. */
  tokens: string[];
  rule: string;
  jsonPath: JsonPath;
}

/** A finding of the file's text alone: made into a diagnostic once the severities are known. */
interface ConfigProblem {
  code: RuleCode;
  offset: number;
  length: number;
  data: unknown;
}

export interface ProjectConfig {
  document: ParsedDocument;
  rules: Record<string, SeverityOverride>;
  overrides: ConfigOverride[];
  ignore: ConfigGlob[];
  suppress: ConfigSuppression[];
  problems: ConfigProblem[];
}

/** What a config file says of one manifest. */
export interface ConfigScope {
  /** The severities: the config's rules, then each override that matches, then the user's own (the last wins). */
  severityOverrides: Record<string, SeverityOverride>;
  /** An `ignore` glob matches it: it is not checked. */
  ignored: boolean;
  /** The suppressions that name it. */
  suppressions: ConfigSuppression[];
}

/** The file's text read, never throwing: whatever cannot be used is a problem, and the rest applies. */
export function readConfig(text: string): ProjectConfig {
  const document = parseDocument(text, undefined, 100);
  const config: ProjectConfig = { document, rules: {}, overrides: [], ignore: [], suppress: [], problems: [] };
  const problem = <C extends RuleCode>(code: C, at: { offset: number; length: number }, data: RuleData<C>) =>
    config.problems.push({ code, offset: at.offset, length: at.length, data });
  for (const finding of document.findings) {
    problem('config.syntax', finding, { problem: syntaxWords(finding.kind, finding.detail, text) });
  }
  const root = document.root;
  if (text.trim() === '') return config;
  if (!root) return config;
  if (root.type !== 'object') {
    problem('config.field-type', root, {
      jsonPath: [],
      expected: 'an object with `rules`, `overrides`, `ignore` and `suppress`',
    });
    return config;
  }
  unknownKeys(root, [], configKeys.root, problem);
  const rules = valueNode(root, 'rules');
  if (rules) config.rules = readRules(rules, ['rules'], problem);
  const overrides = valueNode(root, 'overrides');
  if (
    overrides &&
    expect(overrides, 'array', ['overrides'], 'a list of objects, each with `files` and `rules`', problem)
  ) {
    arrayItems(overrides).forEach((item, index) => {
      const jsonPath = ['overrides', index];
      if (!expect(item, 'object', jsonPath, 'an object with `files` (a list of globs) and `rules`', problem)) return;
      unknownKeys(item, jsonPath, configKeys.override, problem);
      const files = valueNode(item, 'files');
      const itemRules = valueNode(item, 'rules');
      if (!files) problem('config.missing-field', item, { jsonPath, missingField: 'files' });
      if (!itemRules) problem('config.missing-field', item, { jsonPath, missingField: 'rules' });
      if (!files || !itemRules) return;
      config.overrides.push({
        files: readGlobs(files, [...jsonPath, 'files'], problem),
        rules: readRules(itemRules, [...jsonPath, 'rules'], problem),
      });
    });
  }
  const ignore = valueNode(root, 'ignore');
  if (ignore) config.ignore = readGlobs(ignore, ['ignore'], problem);
  const suppress = valueNode(root, 'suppress');
  if (
    suppress &&
    expect(suppress, 'array', ['suppress'], 'a list of objects, each with `file`, `at`, `rule` and `reason`', problem)
  ) {
    arrayItems(suppress).forEach((item, index) => {
      const suppression = readSuppression(item, index, problem);
      if (suppression) config.suppress.push(suppression);
    });
  }
  return config;
}

type Report = <C extends RuleCode>(code: C, at: { offset: number; length: number }, data: RuleData<C>) => void;

function expect(
  node: JsonNode,
  type: 'object' | 'array' | 'string',
  jsonPath: JsonPath,
  expected: string,
  problem: Report,
): boolean {
  if (node.type === type) return true;
  problem('config.field-type', node, { jsonPath, expected });
  return false;
}

function unknownKeys(object: JsonNode, jsonPath: JsonPath, known: readonly string[], problem: Report): void {
  for (const property of objectProperties(object)) {
    const key = keyOf(property);
    if (known.includes(key)) continue;
    const suggestion = closest(key, known);
    problem('config.unknown-field', keyNode(property), {
      jsonPath,
      key,
      known: [...known],
      ...(suggestion ? { suggestion } : {}),
    });
  }
}

function readRules(node: JsonNode, jsonPath: JsonPath, problem: Report): Record<string, SeverityOverride> {
  const rules: Record<string, SeverityOverride> = {};
  if (
    !expect(
      node,
      'object',
      jsonPath,
      'an object of rule codes and their severities, such as "tools.timeout" set to "off"',
      problem,
    )
  )
    return rules;
  for (const property of objectProperties(node) as PropertyNode[]) {
    const code = keyOf(property);
    const at = [...jsonPath, code];
    if (!ruleByCode.has(code)) {
      const suggestion = closest(code, ruleByCode.keys());
      problem('config.unknown-rule', keyNode(property), {
        jsonPath: at,
        code,
        ...(suggestion ? { suggestion } : {}),
      });
      continue;
    }
    const value = valueNode(property);
    if (!value) continue;
    const severity = value.type === 'string' ? (value.value as string) : undefined;
    if (severity === undefined || !(severityValues as readonly string[]).includes(severity)) {
      const suggestion = severity === undefined ? undefined : severitySuggestion(severity);
      problem('config.severity', value, {
        jsonPath: at,
        value: value.type === 'string' ? severity : plainValue(value),
        ...(suggestion ? { suggestion } : {}),
      });
      continue;
    }
    Object.defineProperty(rules, code, { value: severity, enumerable: true, writable: true, configurable: true });
  }
  return rules;
}

/** What a severity that is not one was most likely meant to be ("warn", "info", "none"). */
function severitySuggestion(value: string): string | undefined {
  const lower = value.toLowerCase();
  const aliases: Record<string, SeverityOverride> = { warn: 'warning', info: 'information', none: 'off', err: 'error' };
  if (Object.hasOwn(aliases, lower)) return aliases[lower];
  return closest(value, severityValues);
}

function plainValue(node: JsonNode): unknown {
  if (node.type === 'object') return '{…}';
  if (node.type === 'array') return '[…]';
  return node.value;
}

function readGlobs(node: JsonNode, jsonPath: JsonPath, problem: Report): ConfigGlob[] {
  if (!expect(node, 'array', jsonPath, 'a list of globs relative to this file, such as "plugins/legacy/**"', problem))
    return [];
  return arrayItems(node).flatMap((item, index): ConfigGlob[] => {
    const at = [...jsonPath, index];
    if (!expect(item, 'string', at, 'a glob, such as "plugins/legacy/**"', problem)) return [];
    const pattern = item.value as string;
    const trimmed = pattern.startsWith('./') ? pattern.slice(2) : pattern;
    try {
      if (trimmed === '') throw new GlobError('it is empty');
      return [{ pattern, jsonPath: at, node: item, match: compileGlob(trimmed) }];
    } catch (error) {
      if (!(error instanceof GlobError)) throw error;
      problem('config.glob-invalid', item, { jsonPath: at, pattern, reason: error.message });
      return [{ pattern, jsonPath: at, node: item, match: undefined }];
    }
  });
}

function readSuppression(item: JsonNode, index: number, problem: Report): ConfigSuppression | undefined {
  const jsonPath = ['suppress', index];
  if (!expect(item, 'object', jsonPath, 'an object with `file`, `at`, `rule` and `reason`', problem)) return undefined;
  unknownKeys(item, jsonPath, configKeys.suppression, problem);
  const strings: Partial<Record<(typeof configKeys.suppression)[number], string>> = {};
  let usable = true;
  for (const key of configKeys.suppression) {
    const value = valueNode(item, key);
    if (!value) {
      problem('config.missing-field', item, { jsonPath, missingField: key });
      usable = false;
    } else if (expect(value, 'string', [...jsonPath, key], 'a string', problem)) strings[key] = value.value as string;
    else usable = false;
  }
  const rule = strings.rule;
  if (rule !== undefined && !ruleByCode.has(rule)) {
    const suggestion = closest(rule, ruleByCode.keys());
    problem('config.unknown-rule', valueNode(item, 'rule')!, {
      jsonPath: [...jsonPath, 'rule'],
      code: rule,
      ...(suggestion ? { suggestion } : {}),
    });
    usable = false;
  }
  const at = strings.at;
  const tokens = at === undefined ? undefined : pointerTokens(at);
  if (at !== undefined && typeof tokens === 'string') {
    problem('config.pointer', valueNode(item, 'at')!, { jsonPath: [...jsonPath, 'at'], pointer: at, why: tokens });
    usable = false;
  }
  if (strings.reason !== undefined && strings.reason.trim() === '') {
    problem('config.missing-field', valueNode(item, 'reason')!, { jsonPath, missingField: 'reason' });
    usable = false;
  }
  if (!usable || typeof tokens !== 'object') return undefined;
  return { index, file: normalizedPath(strings.file!), at: at!, tokens, rule: rule!, jsonPath };
}

/** A JSON pointer's reference tokens (RFC 6901), or why it is not one. */
function pointerTokens(pointer: string): string[] | string {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return 'does not start with "/"';
  const tokens: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    let token = '';
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] !== '~') token += raw[i];
      else if (raw[i + 1] === '0' || raw[i + 1] === '1') token += raw[++i] === '0' ? '~' : '/';
      else return 'has a "~" that is not "~0" or "~1"';
    }
    tokens.push(token);
  }
  return tokens;
}

export function normalizedPath(file: string): string {
  let out = file.split('\\').join('/');
  while (out.startsWith('./')) out = out.slice(2);
  return out;
}

/** The words of a syntax finding, for config.syntax. */
function syntaxWords(kind: string, detail: string, text: string): string {
  switch (kind) {
    case 'comment':
      return 'a comment';
    case 'trailing-comma':
      return 'a trailing comma';
    case 'duplicate-key':
      return `the key ${JSON.stringify(detail)} a second time`;
    case 'too-deep':
      return `a value nested deeper than ${detail} levels`;
    default:
      if (text.trim() === '') return 'the file is empty';
      // jsonc-parser's error names: "PropertyNameExpected" → "property name expected".
      return detail.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  }
}

/**
 * Whether a glob names a manifest: its path relative to the config file's folder (`plugins/legacy/manifest.json`), or
 * its plugin folder's (`plugins/legacy`).
 */
function globMatches(glob: ConfigGlob, manifestPath: string): boolean {
  if (!glob.match) return false;
  const slash = manifestPath.lastIndexOf('/');
  return glob.match(manifestPath) || (slash > 0 && glob.match(manifestPath.slice(0, slash)));
}

/**
 * What the config says of the manifest at `manifestPath` (relative to the config file's folder, `/`-separated), under
 * the user's own severities (the editor setting, or the CLI's --rule), which win.
 */
export function scopeOf(
  config: ProjectConfig,
  manifestPath: string,
  userOverrides: Record<string, SeverityOverride> = {},
): ConfigScope {
  const path = normalizedPath(manifestPath);
  const severityOverrides: Record<string, SeverityOverride> = {};
  const set = (rules: Record<string, SeverityOverride>) => {
    for (const [code, severity] of Object.entries(rules))
      Object.defineProperty(severityOverrides, code, {
        value: severity,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  };
  set(config.rules);
  for (const override of config.overrides)
    if (override.files.some((glob) => globMatches(glob, path))) set(override.rules);
  set(userOverrides);
  return {
    severityOverrides,
    ignored: config.ignore.some((glob) => globMatches(glob, path)),
    suppressions: config.suppress.filter((suppression) => suppression.file === path),
  };
}

/**
 * For validateModel's `suppress`: whether a finding of `code` at this span of the manifest is one a suppression
 * accepts (at the node its pointer names: its key, its value or the whole member, never below it); each suppression
 * that accepts one is added to `used`. Findings in other files (handlers) are not a config's to suppress.
 */
export function suppressionMatcher(
  suppressions: readonly ConfigSuppression[],
  root: JsonNode | undefined,
  used: Set<number>,
): ((code: string, file: string | undefined, offset: number, length: number) => boolean) | undefined {
  if (suppressions.length === 0) return undefined;
  const spans = suppressions.flatMap((suppression) => {
    const node = nodeAtTokens(root, suppression.tokens);
    return node ? [{ suppression, places: placesOf(node) }] : [];
  });
  return (code, file, offset, length) => {
    if (file !== undefined) return false;
    let found = false;
    for (const { suppression, places } of spans) {
      if (suppression.rule !== code) continue;
      if (places.some((place) => place.offset === offset && place.length === length)) {
        used.add(suppression.index);
        found = true;
      }
    }
    return found;
  };
}

/** The spans of a manifest a suppression at `node` accepts a finding at: the node, and its member and key. */
function placesOf(node: JsonNode): { offset: number; length: number }[] {
  const places = [{ offset: node.offset, length: node.length }];
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  if (property) {
    const key = keyNode(property);
    places.push({ offset: property.offset, length: property.length }, { offset: key.offset, length: key.length });
  }
  return places;
}

/**
 * The JSON pointer a suppression of a finding at this span of a manifest writes in `at`: the node whose places (see
 * suppressionMatcher) hold the span, found down the tree; undefined where no node's do (a comment, a syntax error, the
 * file's start) or where the pointer would name another node (a key written twice, the first of which it names).
 */
export function suppressionPointer(root: JsonNode | undefined, offset: number, length: number): string | undefined {
  const at = (place: { offset: number; length: number }) => place.offset === offset && place.length === length;
  const holds = (node: JsonNode) => node.offset <= offset && offset + length <= node.offset + node.length;
  const tokens: string[] = [];
  let node = root;
  while (node && holds(node) && !placesOf(node).some(at)) {
    let next: JsonNode | undefined;
    if (node.type === 'object') {
      const property = objectProperties(node).find(holds);
      next = property && valueNode(property);
      if (property) tokens.push(keyOf(property));
    } else if (node.type === 'array') {
      const index = arrayItems(node).findIndex(holds);
      next = arrayItems(node)[index];
      if (next) tokens.push(String(index));
    }
    node = next;
  }
  if (!node || !placesOf(node).some(at) || nodeAtTokens(root, tokens) !== node) return undefined;
  return tokens.map((token) => `/${token.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** The node a pointer names in a manifest, or undefined where it leaves the tree. */
function nodeAtTokens(root: JsonNode | undefined, tokens: readonly string[]): JsonNode | undefined {
  let node = root;
  for (const token of tokens) {
    if (!node) return undefined;
    if (node.type === 'object') node = valueNode(node, token);
    else if (node.type === 'array' && /^(0|[1-9]\d{0,8})$/.test(token)) node = node.children![Number(token)];
    else return undefined;
  }
  return node;
}

/** What the hosts know when they make a config file's diagnostics. */
interface ConfigCheck {
  /** The suppressions (by index) that accepted a finding in the manifests checked. */
  used: ReadonlySet<number>;
  /**
   * The manifests checked (relative to the config file's folder): an unused suppression is reported only for one of
   * them, and only when its rule was not off there.
   */
  checked: ReadonlyMap<string, Record<string, SeverityOverride>>;
  /** The manifests below the config file's folder, for the globs that match none; undefined when not known. */
  below?: readonly string[];
  /** The user's own severities (the editor setting, or the CLI's --rule), which apply to the config's findings too. */
  userOverrides?: Record<string, SeverityOverride>;
}

/**
 * The config file's diagnostics (in its own text): what is wrong in it, its globs that match nothing, its unused
 * suppressions.
 */
export function configDiagnostics(config: ProjectConfig, check: ConfigCheck): ManifestDiagnostic[] {
  const problems = [...config.problems];
  if (check.below) {
    const below = check.below.map(normalizedPath);
    const globs = [...config.overrides.flatMap((override) => override.files), ...config.ignore];
    for (const glob of globs) {
      if (!glob.match || below.some((manifest) => globMatches(glob, manifest))) continue;
      problems.push({
        code: 'config.glob-matches-nothing',
        offset: glob.node.offset,
        length: glob.node.length,
        data: { jsonPath: glob.jsonPath, pattern: glob.pattern },
      });
    }
  }
  const suppressNode = config.document.root && valueNode(config.document.root, 'suppress');
  for (const suppression of config.suppress) {
    const severities = check.checked.get(suppression.file);
    if (!severities || check.used.has(suppression.index)) continue;
    if (Object.hasOwn(severities, suppression.rule) && severities[suppression.rule] === 'off') continue;
    const entry = arrayItems(suppressNode)[suppression.index];
    const data: RuleData<'config.unused-suppression'> = {
      jsonPath: suppression.jsonPath,
      file: suppression.file,
      at: suppression.at,
      rule: suppression.rule,
    };
    problems.push({ code: 'config.unused-suppression', offset: entry.offset, length: entry.length, data });
  }
  const severities = { ...config.rules, ...(check.userOverrides ?? {}) };
  const lines = config.document.lines;
  return problems
    .flatMap((problem): ManifestDiagnostic[] => {
      const rule = ruleByCode.get(problem.code)!;
      const set = Object.hasOwn(severities, problem.code) ? severities[problem.code] : undefined;
      const severity: SeverityOverride = set ?? rule.severity;
      if (severity === 'off') return [];
      return [
        {
          range: lines.rangeOf(problem.offset, problem.length),
          offset: problem.offset,
          length: problem.length,
          severity: severity as Severity,
          code: problem.code,
          message: rule.message!(problem.data),
          data: problem.data,
        },
      ];
    })
    .sort((a, b) => a.offset - b.offset || a.length - b.length);
}

/** The finding that a manifest's config file cannot be read, at the manifest's start (none when the rule is off). */
export function configUnreadable(
  configPath: string,
  why: string,
  severityOverrides: Record<string, SeverityOverride> = {},
): ManifestDiagnostic | undefined {
  const set = Object.hasOwn(severityOverrides, 'config.unreadable')
    ? severityOverrides['config.unreadable']
    : undefined;
  const rule = ruleByCode.get('config.unreadable')!;
  const severity = set ?? rule.severity;
  if (severity === 'off') return undefined;
  const data: RuleData<'config.unreadable'> = { configPath, why };
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { range: at, offset: 0, length: 0, severity, code: 'config.unreadable', message: rule.message!(data), data };
}
