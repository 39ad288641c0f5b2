import { globMatcher } from './glob';
import type { ServerSettings } from './settings';

export const manifestFileName = 'manifest.json';

/** `filer`: validated and served; `empty`: a blank manifest.json, offered a new-manifest snippet; `other`: left alone. */
export type ManifestKind = 'filer' | 'empty' | 'other';

export interface Recognition {
  kind: ManifestKind;
  /** Why, in words for a status line: `has contributes`, `forced in by filerManifest.files.include`. */
  reason: string;
}

export interface RecognitionInput {
  /** The file's absolute path. */
  path: string;
  /** Its paths relative to each workspace folder that holds it (computed only when a pattern needs them). */
  relativePaths: () => string[];
  /** The document's text, for the blank check. */
  text: string;
  /** The parsed root value; asked for only when the name or the settings make the file a candidate. */
  rootValue(): unknown;
}

/** Compiled matchers for one settings object. */
export interface FileFilters {
  include(path: string, relativePaths: () => string[]): boolean;
  exclude(path: string, relativePaths: () => string[]): boolean;
}

export function fileFilters(settings: ServerSettings): FileFilters {
  return { include: globMatcher(settings.files.include), exclude: globMatcher(settings.files.exclude) };
}

/** Where the name alone decides: excluded, forced in, or not named manifest.json. */
export function isCandidatePath(path: string, relativePaths: () => string[], filters: FileFilters): boolean {
  if (filters.exclude(path, relativePaths)) return false;
  return filters.include(path, relativePaths) || baseName(path) === manifestFileName;
}

/**
 * Whether a file is a Filer plugin manifest. The settings' globs force files out (exclude wins) or
 * in; otherwise a file named manifest.json is one when it looks like one, and never when it is
 * plainly a browser-extension or web-app manifest.
 */
export function recognizeManifest(input: RecognitionInput, filters: FileFilters): Recognition {
  if (filters.exclude(input.path, input.relativePaths)) return { kind: 'other', reason: 'forced out by filerManifest.files.exclude' };
  const forcedIn = filters.include(input.path, input.relativePaths);
  if (!forcedIn && baseName(input.path) !== manifestFileName) return { kind: 'other', reason: `not named ${manifestFileName}` };
  if (input.text.trim() === '') return { kind: 'empty', reason: `empty ${manifestFileName}: completion offers a new Filer manifest` };
  if (forcedIn) return { kind: 'filer', reason: 'forced in by filerManifest.files.include' };

  return recognizeContent(input.rootValue());
}

/** Whether a parsed root value looks like a Filer manifest, whatever its file is called (the CLI asks this of a --base too). */
export function recognizeContent(root: unknown): Recognition {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return { kind: 'other', reason: 'not a JSON object' };
  const keys = root as Record<string, unknown>;
  if (Object.keys(keys).length === 0) return { kind: 'empty', reason: `empty ${manifestFileName}: completion offers a new Filer manifest` };
  if (Object.hasOwn(keys, 'manifest_version')) return { kind: 'other', reason: 'has manifest_version: a browser-extension manifest' };
  if (Object.hasOwn(keys, 'start_url') || Object.hasOwn(keys, 'short_name')) return { kind: 'other', reason: 'has start_url or short_name: a web app manifest' };

  const marker = filerMarker(keys);
  return marker
    ? { kind: 'filer', reason: marker }
    : { kind: 'other', reason: 'has none of contributes, engines.filer, capabilities, a Filer $schema, or name + displayName + version' };
}

function filerMarker(root: Record<string, unknown>): string | undefined {
  if (Object.hasOwn(root, 'contributes')) return 'has contributes';
  const engines = root.engines;
  if (engines !== null && typeof engines === 'object' && Object.hasOwn(engines, 'filer')) return 'has engines.filer';
  if (Object.hasOwn(root, 'capabilities')) return 'has capabilities';
  if (typeof root.$schema === 'string' && /filer/i.test(root.$schema)) return '$schema names the Filer manifest schema';
  if (Object.hasOwn(root, 'name') && Object.hasOwn(root, 'displayName') && Object.hasOwn(root, 'version')) return 'has name, displayName and version';
  return undefined;
}

function baseName(path: string): string {
  const slashes = path.replace(/\\/g, '/');
  return slashes.slice(slashes.lastIndexOf('/') + 1);
}
