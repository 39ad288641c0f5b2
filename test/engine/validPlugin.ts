/**
 * The one valid plugin every fixture starts from: the word-count plugin of the rules' examples, its manifest with one
 * tool, the tool's argument schema and its handler. No rule reports anything in it (validPlugin.test.ts); a fixture
 * is it with the change the test is about, so a rule added later finds in a fixture only what the test put there.
 */
import assert from 'node:assert/strict';
import { countWordsFiles, countWordsPlugin } from '../../server/src/engine/rules/examples';

/** A plugin folder's files, by plugin-relative path. */
export type PluginFiles = Readonly<Record<string, string>>;

/** The valid plugin: manifest.json, and the files it names. */
export const validPlugin: { readonly manifest: string; readonly files: PluginFiles } = {
  manifest: countWordsPlugin(),
  files: countWordsFiles,
};

/**
 * The valid plugin with its manifest changed: each `[from, to]` replaces the one place `from` is (`to` may carry the
 * «marks» of the span at fault), and `files` adds or replaces files of its folder.
 */
export function validPluginWith(...changes: (readonly [string, string] | { files: PluginFiles })[]): {
  manifest: string;
  files: PluginFiles;
} {
  let manifest = validPlugin.manifest;
  let files = validPlugin.files;
  for (const change of changes) {
    if ('files' in change) {
      files = { ...files, ...change.files };
      continue;
    }
    const [from, to] = change;
    const at = manifest.indexOf(from);
    assert.ok(at >= 0 && manifest.indexOf(from, at + 1) < 0, `the valid plugin's manifest has ${from} once`);
    manifest = manifest.slice(0, at) + to + manifest.slice(at + from.length);
  }
  return { manifest, files };
}
