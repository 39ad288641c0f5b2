import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { hooksRule } from './hooks';

export const hooksDocs = ruleDocs(hooksRule, {
  quotes: [
    manifestReference(
      'runtime: "process" \u2014 not supported',
      'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty)',
    ),
    manifestReference('hooks{} \u2014 event handlers', 'Not available under runtime: "process".'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            «"hooks"»: { "onAppReady": "./hooks/ready.js" }
          }`),
        fixed: {
          title: 'Remove "hooks"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {}`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": { "onAppReady": "./hooks/ready.js" }
          }`),
      },
    ],
  },
});
