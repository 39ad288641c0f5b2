import { manifestFileName, recognizeText, type Recognition } from '../engine';
import { globMatcher } from './glob';
import type { ServerSettings } from './settings';

export type { Recognition } from '../engine';

interface RecognitionInput {
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
  if (forcedIn && input.text.trim() !== '') return { kind: 'filer', reason: 'forced in by filerManifest.files.include' };
  return recognizeText(input.text, input.rootValue);
}

function baseName(path: string): string {
  const slashes = path.replace(/\\/g, '/');
  return slashes.slice(slashes.lastIndexOf('/') + 1);
}
