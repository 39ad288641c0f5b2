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
        manifest: plugin(`"permissions": { «"toasts"»: true }`),
        fixed: {
          title: 'Change to "toast"',
          manifest: plugin(`
            "permissions": { "toast": true }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"permissions": { "toast": true }`) }],
  },
});
