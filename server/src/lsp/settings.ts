import type { SeverityOverride } from '../engine';
import { maxManifestMegabytes } from '../host/safeRead';

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
  rules: {},
  categoryHints: { enabled: true },
};

const severityNames: Record<string, SeverityOverride> = {
  off: 'off',
  none: 'off',
  hint: 'hint',
  info: 'information',
  information: 'information',
  warning: 'warning',
  error: 'error',
};

/** The settings from whatever the client sent: unknown or malformed values fall back to the defaults. */
export function readSettings(raw: unknown): ServerSettings {
  const section = record(raw);
  const files = record(section.files);
  const categoryHints = record(section.categoryHints);
  const rules: Record<string, SeverityOverride> = {};
  for (const [code, severity] of Object.entries(record(section.rules))) {
    const name = typeof severity === 'string' ? severityNames[severity.toLowerCase()] : undefined;
    if (name) rules[code] = name;
  }
  const maxFileSize = section.maxFileSize;
  return {
    files: { include: stringList(files.include), exclude: stringList(files.exclude) },
    maxFileSize: typeof maxFileSize === 'number' && maxFileSize > 0 ? maxFileSize : defaultSettings.maxFileSize,
    rules,
    categoryHints: { enabled: typeof categoryHints.enabled === 'boolean' ? categoryHints.enabled : defaultSettings.categoryHints.enabled },
  };
}

export function maxFileBytes(settings: ServerSettings): number {
  return Math.round(settings.maxFileSize * 1024 * 1024);
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.length > 0) : [];
}
