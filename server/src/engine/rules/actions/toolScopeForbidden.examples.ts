import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { toolScopeForbiddenRule } from './toolScopeForbidden';

export const toolScopeForbiddenDocs = ruleDocs(toolScopeForbiddenRule, {
  quotes: [
    manifestReference('actions[] \u2014 right-click AI actions', 'Forbidden for kind: "tool" (it runs no agent turn).'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ],
            "actions": [
              { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                "scope": "single-file", "kind": "tool", "toolId": "count_words", «"toolScope"»: "none" }
            ]
          }`),
        fixed: {
          title: 'Remove "toolScope"',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true } }
              ],
              "actions": [
                { "id": "count-words", "title": "Count words", "description": "Counts the words of the file.",
                  "scope": "single-file", "kind": "tool", "toolId": "count_words" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": "none" }
            ]
          }`),
      },
    ],
  },
});
