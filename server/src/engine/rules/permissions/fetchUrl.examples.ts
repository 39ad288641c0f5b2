import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, fetchUrlRule } from './fetchUrl';

export const fetchUrlDocs = ruleDocs(fetchUrlRule, {
  decision,
  quotes: [manifestReference('permissions', 'static / deny entries are host names.')],
  examples: {
    incorrect: [
      {
        manifest: plugin(`"permissions": { "fetch": { "static": [«"https://api.example.com/v1"»] } }`),
        fixed: {
          title: 'Change to "api.example.com"',
          manifest: plugin(`
            "permissions": { "fetch": { "static": ["api.example.com"] } }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "permissions": {
            "fetch": { "static": ["api.example.com"], "deny": ["localhost"] }
          }`),
      },
    ],
  },
});
