import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    {
      source: 'manifest-reference',
      section: 'commands[] \u2014 slash commands',
      words: '{ id, title, icon?, contexts?[], handler?, when?, fileExtensions?[] }.',
    },
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              «{» "id": "word-count", "handler": "./commands/word-count.js" }
            ]
          }`),
        fixed: {
          title: 'Add missing "title"',
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "handler": "./commands/word-count.js", "title": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" }
            ]
          }`),
      },
    ],
  },
});
