import { defaultMaxDiagnostics, ruleByCode, type SeverityOverride } from '../engine';
import { maxManifestMegabytes } from './host';
import { compileGlob, GlobError } from '../engine/text/glob';

/**
 * The server's settings, read from the `filerManifest` section of the client's configuration
 * (`workspace/configuration`, or the `settings.filerManifest` of `workspace/didChangeConfiguration`
 * for clients that push them). Every field is optional in what the client sends.
 */
export interface ServerSettings {
  files: {
    /** Glob patterns of files always taken as Filer manifests (whatever their name or content). */
    include: string[];
    /** Glob patterns of files never taken as Filer manifests; exclude wins over include. */
    exclude: string[];
  };
  /** In megabytes: past it only the JSON syntax is checked, and a diagnostic says why. */
  maxFileSize: number;
  /** At most this many diagnostics per manifest; the last one says how many more there were. */
  maxDiagnostics: number;
  /** Severity per rule code, passed to the engine's severityOverrides. */
  rules: Record<string, SeverityOverride>;
  categoryHints: {
    /** Inlay hints with the approval category after each tool id. */
    enabled: boolean;
  };
}

export const settingsSection = 'filerManifest';

export const defaultSettings: ServerSettings = {
  files: { include: [], exclude: [] },
  maxFileSize: maxManifestMegabytes,
  maxDiagnostics: defaultMaxDiagnostics,
  rules: {},
  categoryHints: { enabled: true },
};

const severityNames = new Map<string, SeverityOverride>([
  ['off', 'off'],
  ['none', 'off'],
  ['hint', 'hint'],
  ['info', 'information'],
  ['information', 'information'],
  ['warning', 'warning'],
  ['error', 'error'],
]);

/** The settings, and a line for each value that cannot be used (it is ignored, and the rest applies). */
interface ReadSettings {
  settings: ServerSettings;
  problems: string[];
}

/**
 * The settings from whatever the client sent: a value that is missing falls back to its default; one
 * that is malformed does too, and is named in `problems`; every valid one applies.
 */
export function readSettings(raw: unknown): ReadSettings {
  const problems: string[] = [];
  const section = record(raw, settingsSection, problems);
  const files = record(section.files, `${settingsSection}.files`, problems);
  const categoryHints = record(section.categoryHints, `${settingsSection}.categoryHints`, problems);
  const rules: Record<string, SeverityOverride> = {};
  for (const [code, severity] of Object.entries(record(section.rules, `${settingsSection}.rules`, problems))) {
    const name = typeof severity === 'string' ? severityNames.get(severity.toLowerCase()) : undefined;
    if (!ruleByCode.has(code)) problems.push(`${settingsSection}.rules: there is no rule with code ${shown(code)}`);
    else if (!name)
      problems.push(
        `${settingsSection}.rules.${code}: ${shown(severity)} is not a severity (off, hint, information, warning or error)`,
      );
    else Object.defineProperty(rules, code, { value: name, enumerable: true, writable: true, configurable: true });
  }
  const maxFileSize = section.maxFileSize;
  const validSize = typeof maxFileSize === 'number' && maxFileSize > 0 && Number.isFinite(maxFileSize);
  if (maxFileSize !== undefined && !validSize)
    problems.push(`${settingsSection}.maxFileSize: ${shown(maxFileSize)} is not a number of megabytes above 0`);
  const maxDiagnostics = section.maxDiagnostics;
  const validCount = typeof maxDiagnostics === 'number' && Number.isInteger(maxDiagnostics) && maxDiagnostics >= 1;
  if (maxDiagnostics !== undefined && !validCount)
    problems.push(`${settingsSection}.maxDiagnostics: ${shown(maxDiagnostics)} is not a whole number of 1 or more`);
  const hints = categoryHints.enabled;
  if (hints !== undefined && typeof hints !== 'boolean')
    problems.push(`${settingsSection}.categoryHints.enabled: ${shown(hints)} is not true or false`);
  unknownKeys(section, settingsSection, Object.keys(knownKeys), problems);
  unknownKeys(files, `${settingsSection}.files`, knownKeys.files, problems);
  unknownKeys(categoryHints, `${settingsSection}.categoryHints`, knownKeys.categoryHints, problems);
  return {
    settings: {
      files: {
        include: globList(files.include, `${settingsSection}.files.include`, problems),
        exclude: globList(files.exclude, `${settingsSection}.files.exclude`, problems),
      },
      maxFileSize: validSize ? maxFileSize : defaultSettings.maxFileSize,
      maxDiagnostics: validCount ? maxDiagnostics : defaultSettings.maxDiagnostics,
      rules,
      categoryHints: { enabled: typeof hints === 'boolean' ? hints : defaultSettings.categoryHints.enabled },
    },
    problems,
  };
}

/**
 * The keys of the section, and of each of its objects whose keys are fixed, as package.json declares
 * them (`trace.server` is the client's: the server takes it as it comes).
 */
const knownKeys: Record<string, string[]> = {
  files: ['include', 'exclude'],
  maxFileSize: [],
  maxDiagnostics: [],
  rules: [],
  categoryHints: ['enabled'],
  trace: [],
};

/** A key no setting has (a typo, or a setting of another version) is named, with the keys there are. */
function unknownKeys(object: Record<string, unknown>, name: string, known: string[], problems: string[]): void {
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    const label = /^[\w$-]{1,80}$/.test(key) ? `${name}.${key}` : `${name}: ${shown(key)}`;
    problems.push(`${label}: there is no such setting (${name} has ${known.join(', ')})`);
  }
}

export function maxFileBytes(settings: ServerSettings): number {
  return Math.round(settings.maxFileSize * 1024 * 1024);
}

function record(value: unknown, name: string, problems: string[]): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (value !== undefined && value !== null) problems.push(`${name}: ${shown(value)} is not an object`);
  return {};
}

/** The patterns that can be used; each one that cannot is named with why. */
function globList(value: unknown, name: string, problems: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push(`${name}: ${shown(value)} is not a list of glob patterns`);
    return [];
  }
  return value.flatMap((pattern, index) => {
    if (typeof pattern !== 'string' || pattern.length === 0) {
      problems.push(`${name}[${index}]: ${shown(pattern)} is not a glob pattern`);
      return [];
    }
    try {
      compileGlob(pattern);
      return [pattern];
    } catch (error) {
      if (!(error instanceof GlobError)) throw error;
      problems.push(`${name}[${index}]: ${shown(pattern)} is not used: ${error.message}`);
      return [];
    }
  });
}

/** A value as the message names it: as JSON, cut to a readable length (a setting can be of any size). */
function shown(value: unknown): string {
  const text = typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…` : value;
  const json = JSON.stringify(text) ?? String(text);
  return json.length > 100 ? `${json.slice(0, 100)}…` : json;
}
