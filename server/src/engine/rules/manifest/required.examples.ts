import { plugin, text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    { source: 'manifest-reference', section: 'Top level', words: 'name yes' },
    { source: 'manifest-reference', section: 'Top level', words: 'displayName yes free text, shown in Connect.' },
    { source: 'manifest-reference', section: 'Top level', words: 'version yes semver MAJOR.MINOR.PATCH' },
  ],
  examples: {
    incorrect: [
      {
        manifest: text(`
          «{»
            "name": "word-count",
            "displayName": "Word Count"
          }`),
        fixed: {
          title: 'Add missing "version"',
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "0.1.0"
            }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
});
