import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, toolIdIgnoredRule } from './toolIdIgnored';

export const toolIdIgnoredDocs = ruleDocs(toolIdIgnoredRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'toolId tool kind must match a contributes.tools[].id in the same manifest.',
    ),
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
                "scope": "single-file", «"toolId"»: "count_words", "prompt": "./prompts/count.md" }
            ]
          }`),
      },
    ],
    correct: [
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
                "scope": "single-file", "kind": "tool", "toolId": "count_words" }
            ]
          }`),
      },
    ],
  },
});
