import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, dotdotRule } from './dotdot';

export const dotdotDocs = ruleDocs(dotdotRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to a JSON-Schema file for the tool\u2019s arguments, relative to the plugin root; must not contain ..',
    ),
    manifestReference('hooks{} \u2014 event handlers', 'Handler paths must not contain ..'),
    manifestReference('commands[] \u2014 slash commands', 'handler must not contain ..'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": «"../shared/prompts/summarize.md"» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
