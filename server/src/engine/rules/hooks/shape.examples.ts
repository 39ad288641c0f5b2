import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { shapeRule } from './shape';

export const shapeDocs = ruleDocs(shapeRule, {
  quotes: [
    manifestReference(
      'hooks{} \u2014 event handlers',
      'Keyed by event name; each value is either a handler path or { handler, filter? }.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": {
              «"onAgentComplete"»: { "filter": { "status": "success" } }
            }
          }`),
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
