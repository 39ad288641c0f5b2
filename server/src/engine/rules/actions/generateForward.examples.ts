import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, generateForwardRule } from './generateForward';

export const generateForwardDocs = ruleDocs(generateForwardRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'generate no an in-form button { label, actionId, populateParamId, forwardParamIds? }',
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
                "params": [
                  { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                  { "id": "summary", "label": "Summary", "type": "per-file-text" }
                ],
                "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                              "forwardParamIds": [«"tones"»] } }
            ]
          }`),
        fixed: {
          title: 'Change to "tone"',
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
                  "params": [
                    { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                    { "id": "summary", "label": "Summary", "type": "per-file-text" }
                  ],
                  "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                                "forwardParamIds": ["tone"] } }
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
                "params": [
                  { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] },
                  { "id": "summary", "label": "Summary", "type": "per-file-text" }
                ],
                "generate": { "label": "Draft", "actionId": "draft-summary", "populateParamId": "summary",
                              "forwardParamIds": ["tone"] } }
            ]
          }`),
      },
    ],
  },
});
