import { countWordsFiles, countWordsPlugin, markedHandler } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, undeclaredPermissionRule } from './undeclaredPermission';

export const undeclaredPermissionDocs = ruleDocs(undeclaredPermissionRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'An undeclared capability is not removed from ctx \u2014 the member is still there, but calling it throws a permission error whose message names the plugin and the capability, with not-declared as the reason',
    ),
    manifestReference(
      'permissions',
      'Two exceptions: ctx.toast and ctx.store are undefined when not declared, and ctx.log without log: true silently does nothing \u2014 no error, no output.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ permissions: null }),
        files: { ...countWordsFiles, 'tools/count-words.js': markedHandler('«ctx.fs.read»') },
        alsoReported: ['permissions.undeclared-use'],
        fixed: {
          title: 'Declare `permissions.fs.read` with "parameter": true (the path comes from the tool\u2019s arguments)',
          manifest: countWordsPlugin({
            permissions: `
              {
                "fs": {
                  "read": {
                    "parameter": true
                  }
                }
              }`,
          }),
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: countWordsFiles,
      },
    ],
  },
});
