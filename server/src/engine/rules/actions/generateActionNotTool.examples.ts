import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { generateActionNotToolRule } from './generateActionNotTool';

export const generateActionNotToolDocs = ruleDocs(generateActionNotToolRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'an in-form button { label, actionId, populateParamId, forwardParamIds? } that invokes a sibling kind: "tool" action',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "draft-summary", "title": "Draft a summary", "description": "Drafts a summary of each file.",
                "scope": "multi-file", "prompt": "./prompts/draft-summary.md" },
              { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                "scope": "multi-file", "prompt": "./prompts/summarize.md",
                "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                "generate": { "label": "Draft", "actionId": «"draft-summary"», "populateParamId": "summary" } }
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
                "scope": "multi-file", "kind": "tool", "toolId": "draft_summary" },
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
