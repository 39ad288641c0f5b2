import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, unreadableRule } from './unreadable';

export const unreadableDocs = ruleDocs(unreadableRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: `«»${plugin('"description": "Counts the words in a text file."')}`,
        // A folder of that name, where the file was meant to be.
        files: { 'filer-manifest.config.json/rules.json': '{}\n' },
      },
    ],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
