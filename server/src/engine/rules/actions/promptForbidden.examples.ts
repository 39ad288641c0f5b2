import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { promptForbiddenRule } from './promptForbidden';

export const promptForbiddenDocs = ruleDocs(promptForbiddenRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'prompt prompt kind path to the prompt template, relative to the plugin root; must not contain ... Forbidden for kind: "tool".',
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
                "scope": "single-file", "kind": "tool", "toolId": "count_words", «"prompt"»: "./prompts/count.md" }
            ]
          }`),
        fixed: {
          title: 'Remove "prompt"',
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
