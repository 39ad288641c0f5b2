import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { toolHandlerRule } from './toolHandler';

export const toolHandlerDocs = ruleDocs(toolHandlerRule, {
  quotes: [
    manifestReference(
      'runtime: "process" \u2014 not supported',
      'a tool is called by its own id, so a tool entry must not carry handler.',
    ),
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'Required for runtime: "node", forbidden for "process".',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", «"handler"»: "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
        fixed: {
          title: 'Remove "handler"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
            ]
          }`),
      },
    ],
  },
});
