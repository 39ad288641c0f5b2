import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    {
      source: 'manifest-reference',
      section: 'views[] \u2014 plugin-contributed panels',
      words: '{ id, title, icon?, location?, definition? }.',
    },
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              «{» "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
        fixed: {
          title: 'Add missing "id"',
          manifest: plugin(`
            "contributes": {
              "views": [
                { "title": "Word statistics", "location": "sidebar", "id": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
      },
    ],
  },
});
