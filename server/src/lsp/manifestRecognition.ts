import { manifestFileName, recognizeText, type Recognition } from '../engine';
import { globMatcher } from '../engine/text/glob';
import type { ServerSettings } from './settings';

export type { Recognition } from '../engine';

interface RecognitionInput {
  /** The file's absolute path. */
  filePath: string;
  /** Its paths relative to each workspace folder that holds it (computed only when a pattern needs them). */
  relativePaths: () => string[];
  /** The document's text, for the blank check. */
  text: string;
  /** The parsed root value; asked for only when the name or the settings make the file a candidate. */
  rootValue(): unknown;
}

/** Compiled matchers for one settings object. */
export interface FileFilters {
  include(filePath: string, relativePaths: () => string[]): boolean;
  exclude(filePath: string, relativePaths: () => string[]): boolean;
}

export function fileFilters(settings: ServerSettings): FileFilters {
  return { include: globMatcher(settings.files.include), exclude: globMatcher(settings.files.exclude) };
}

/** Why a file that is neither forced in nor named manifest.json is no Filer manifest. */
export const notNamedManifest = `not named ${manifestFileName}`;

/** Where the name alone decides: excluded, forced in, or not named manifest.json. */
export function isCandidatePath(filePath: string, relativePaths: () => string[], filters: FileFilters): boolean {
  if (filters.exclude(filePath, relativePaths)) return false;
  return filters.include(filePath, relativePaths) || baseName(filePath) === manifestFileName;
}

/**
 * Whether a file is a Filer plugin manifest. The settings' globs force files out (exclude wins) or
 * in; otherwise a file named manifest.json is one when it looks like one, and never when it is
 * plainly a browser-extension or web-app manifest.
 */
export function recognizeManifest(input: RecognitionInput, filters: FileFilters): Recognition {
  if (filters.exclude(input.filePath, input.relativePaths))
    return { kind: 'other', reason: 'forced out by filerManifest.files.exclude' };
  const forcedIn = filters.include(input.filePath, input.relativePaths);
  if (!forcedIn && baseName(input.filePath) !== manifestFileName) return { kind: 'other', reason: notNamedManifest };
  if (forcedIn && input.text.trim() !== '')
    return { kind: 'filer', reason: 'forced in by filerManifest.files.include' };
  return recognizeText(input.text, input.rootValue);
}

function baseName(filePath: string): string {
  const slashes = filePath.replace(/\\/g, '/');
  return slashes.slice(slashes.lastIndexOf('/') + 1);
}
