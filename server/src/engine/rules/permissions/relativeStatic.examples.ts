import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, relativeStaticRule } from './relativeStatic';

export const relativeStaticDocs = ruleDocs(relativeStaticRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'Relative static patterns are resolved against the app process\u2019s working directory, not the plugin\u2019s directory \u2014 "./cache/**" does not mean the plugin\u2019s own cache/; write "${dataDir}/cache/**" (the plugin\u2019s data directory) or an absolute path.',
    ),
    manifestReference(
      'permissions',
      'Patterns beginning with * (e.g. **/.env) are matched as globs without resolution.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`"permissions": { "fs": { "write": { "static": [«"./cache/**"»] } } }`),
        fixed: {
          title: 'Change to "${dataDir}/cache/**"',
          manifest: plugin(`
            "permissions": { "fs": { "write": { "static": ["\${dataDir}/cache/**"] } } }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"permissions": { "fs": { "write": { "static": ["\${dataDir}/cache/**"] } } }`) }],
  },
});
