import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, unknownEventRule } from './unknownEvent';

export const unknownEventDocs = ruleDocs(unknownEventRule, {
  decision,
  quotes: [
    manifestReference(
      'hooks{} \u2014 event handlers',
      'Event names, payloads and the filter shape are on Hooks and events (onAgentComplete, onSessionMessage, onToolCall, \u2026).',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": {
              «"onAgentCompleted"»: "./hooks/done.js"
            }
          }`),
        fixed: {
          title: 'Change to "onAgentComplete"',
          manifest: plugin(`
            "contributes": {
              "hooks": {
                "onAgentComplete": "./hooks/done.js"
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
              "onAgentComplete": "./hooks/done.js"
            }
          }`),
      },
    ],
  },
});
