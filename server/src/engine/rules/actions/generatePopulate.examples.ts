import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { generatePopulateRule } from './generatePopulate';

export const generatePopulateDocs = ruleDocs(generatePopulateRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'fills one of this action\u2019s per-file-text params from its result.',
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
                "scope": "multi-file", "kind": "tool", "toolId": "draft_summary", "hidden": true },
              { "id": "summarize", "title": "Summarize", "description": "Summarizes each file.",
                "scope": "multi-file", "prompt": "./prompts/summarize.md",
                "params": [{ "id": "summary", "label": "Summary", "type": "per-file-text" }],
                "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": «"sumary"» } }
            ]
          }`),
        fixed: {
          title: 'Change to "summary"',
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
