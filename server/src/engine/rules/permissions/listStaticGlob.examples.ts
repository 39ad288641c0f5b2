import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, listStaticGlobRule } from './listStaticGlob';

export const listStaticGlobDocs = ruleDocs(listStaticGlobRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'static entries are directory paths matched by prefix (a listed directory covers everything below it), not globs.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`"permissions": { "fs": { "list": { "static": [«"\${dataDir}/exports/**"»] } } }`),
        fixed: {
          title: 'Change to "${dataDir}/exports"',
          manifest: plugin(`
            "permissions": { "fs": { "list": { "static": ["\${dataDir}/exports"] } } }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"permissions": { "fs": { "list": { "static": ["\${dataDir}/exports"] } } }`) }],
  },
});
