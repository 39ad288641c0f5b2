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
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" },
              { "id": «"word-count"», "title": "Folder word count", "handler": "./commands/folder-count.js" }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" },
              { "id": "folder-word-count", "title": "Folder word count", "handler": "./commands/folder-count.js" }
            ]
          }`),
      },
    ],
  },
});
