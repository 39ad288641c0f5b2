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
            "commands": [
              { "id": "word-count", "title": "Word count", «"handlr"»: "./commands/word-count.js" }
            ]
          }`),
        fixed: {
          title: 'Change to "handler"',
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" }
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
