import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, duplicateIdRule } from './duplicateId';

export const duplicateIdDocs = ruleDocs(duplicateIdRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" },
              { "id": «"word-stats"», "title": "Word history", "location": "panel" }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" },
              { "id": "word-history", "title": "Word history", "location": "panel" }
            ]
          }`),
      },
    ],
  },
});
