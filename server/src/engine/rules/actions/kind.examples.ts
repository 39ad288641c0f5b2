import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, kindRule } from './kind';

export const kindDocs = ruleDocs(kindRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'kind no "prompt" (default): renders prompt and opens an agent turn in chat. "tool": invokes toolId directly \u2014 no agent turn, no model.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "kind": «"agent"», "prompt": "./prompts/summarize.md" }
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
                "scope": "single-file", "kind": "prompt", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
