import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, hiddenUnreachableRule } from './hiddenUnreachable';

export const hiddenUnreachableDocs = ruleDocs(hiddenUnreachableRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'hidden no true keeps the action out of the context menu while it stays invocable as another action\u2019s generate.actionId.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                "annotations": { "readOnlyHint": true } }
            ],
            "actions": [
              { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": «true» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "draft_summary", "title": "Draft a summary", "description": "Drafts a summary of a file.",
                "schema": "./tools/draft-summary.schema.json", "handler": "./tools/draft-summary.js",
                "annotations": { "readOnlyHint": true } }
            ],
            "actions": [
              { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
              { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                "scope": "multi-file", "prompt": "./prompts/summarize.md",
                "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary" } }
            ]
          }`),
      },
    ],
  },
});
