import { manifestReference } from '../reference';
import { plugin, text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { nameRule } from './name';

export const nameDocs = ruleDocs(nameRule, {
  quotes: [
    manifestReference(
      'Top level',
      'name yes kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin\u2019s identity in the installed registry and in the pluginAllowList a folder agent may carry.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: text(`
          {
            "name": «"Word Count"»,
            "displayName": "Word Count",
            "version": "1.0.0"
          }`),
        fixed: {
          title: 'Change to "word-count" (kebab-case)',
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "1.0.0"
            }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
});
