import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, unknownKeyRule } from './unknownKey';

export const unknownKeyDocs = ruleDocs(unknownKeyRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", «"locaton"»: "sidebar" }
            ]
          }`),
        fixed: {
          title: 'Change to "location"',
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
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
