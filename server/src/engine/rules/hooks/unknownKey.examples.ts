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
            "hooks": {
              "onAgentComplete": { "handler": "./hooks/done.js", «"filters"»: { "status": "success" } }
            }
          }`),
        fixed: {
          title: 'Change to "filter"',
          manifest: plugin(`
            "contributes": {
              "hooks": {
                "onAgentComplete": { "handler": "./hooks/done.js", "filter": { "status": "success" } }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": {
              "onAgentComplete": { "handler": "./hooks/done.js", "filter": { "status": "success" } }
            }
          }`),
      },
    ],
  },
});
