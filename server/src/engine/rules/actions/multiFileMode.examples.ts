import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { multiFileModeRule } from './multiFileMode';

export const multiFileModeDocs = ruleDocs(multiFileModeRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'multiFileMode no, tool kind "independent" (default): one tool call per selected file. "batch": exactly one call with every selected path under the tool schema\u2019s array-of-paths property',
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
              { "id": "count-words", "title": "Count words", "description": "Counts the words of each file.",
                "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": «"parallel"» }
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
              { "id": "count-words", "title": "Count words", "description": "Counts the words of each file.",
                "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": "independent" }
            ]
          }`),
      },
    ],
  },
});
