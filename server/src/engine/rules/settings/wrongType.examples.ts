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
            "settings": {
              "apiKey": { "type": "string", "title": "API key", "secret": «"yes"» }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiKey": { "type": "string", "title": "API key", "secret": true }
            }
          }`),
      },
    ],
  },
});
