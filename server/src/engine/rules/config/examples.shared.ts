import { plugin, text } from '../examples';

/** The word-count plugin with a config file beside its manifest (and a `homepage` the app does not read, if told). */
export function withConfig(configText: string, homepage = false) {
  const fields = homepage
    ? '"description": "Counts the words in a text file.",\n"homepage": "https://example.com"'
    : '"description": "Counts the words in a text file."';
  return { manifest: plugin(fields), files: { 'filer-manifest.config.json': text(configText) } };
}
