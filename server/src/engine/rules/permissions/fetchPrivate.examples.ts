import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, fetchPrivateRule } from './fetchPrivate';

export const fetchPrivateDocs = ruleDocs(fetchPrivateRule, {
  decision,
  quotes: [manifestReference('permissions', 'localhost/private ranges are refused regardless (SSRF guard).')],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "permissions": {
            "fetch": { "static": ["api.example.com", «"localhost"»] }
          }`),
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
