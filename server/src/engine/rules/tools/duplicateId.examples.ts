import { manifestReference, toolsGuide } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, duplicateIdRule } from './duplicateId';

export const duplicateIdDocs = ruleDocs(duplicateIdRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'a later tool whose name is already taken is skipped with a warning that names its source',
    ),
    toolsGuide(
      'One name, one tool',
      'a plugin tool whose id is already taken is skipped, with a warning that names the plugin it came from.',
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
                "annotations": { "readOnlyHint": true } },
              { "id": «"count_words"», "title": "Count lines", "description": "Counts the lines in a text file.",
                "schema": "./tools/count-lines.schema.json", "handler": "./tools/count-lines.js",
                "annotations": { "readOnlyHint": true } }
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
                "annotations": { "readOnlyHint": true } },
              { "id": "count_lines", "title": "Count lines", "description": "Counts the lines in a text file.",
                "schema": "./tools/count-lines.schema.json", "handler": "./tools/count-lines.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
      },
    ],
  },
});
