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
            "settings": {
              "apiKey": { "type": "string", "title": "API key", «"secrets"»: true }
            }
          }`),
        fixed: {
          title: 'Change to "secret"',
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiKey": { "type": "string", "title": "API key", "secret": true }
              }
            }`),
        },
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
