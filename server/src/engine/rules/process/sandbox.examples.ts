import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, sandboxRule } from './sandbox';

export const sandboxDocs = ruleDocs(sandboxRule, {
  decision,
  quotes: [
    manifestReference(
      'Top level',
      'sandbox no true runs node handlers in the sandbox worker. Rejected for runtime: "process" (the executable is already its own OS process).',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          «"sandbox"»: true`),
        fixed: {
          title: 'Remove "sandbox"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count"`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"sandbox": true`) }],
  },
});
