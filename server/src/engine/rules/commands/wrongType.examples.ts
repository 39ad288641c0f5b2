import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, wrongTypeRule } from './wrongType';

export const wrongTypeDocs = ruleDocs(wrongTypeRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/wc.js", "contexts": «"chat"» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/wc.js", "contexts": ["chat"] }
            ]
          }`),
      },
    ],
  },
});
