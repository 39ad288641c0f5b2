import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { handlerRequiredRule } from './handlerRequired';

export const handlerRequiredDocs = ruleDocs(handlerRequiredRule, {
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'handler node only path to the handler module, relative to the plugin root; must not contain ... Required for runtime: "node", forbidden for "process".',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { «"id"»: "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true } }
            ]
          }`),
        fixed: {
          title: 'Add missing "handler"',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "annotations": { "readOnlyHint": true },
                  "handler": "./tools/count_words.js" }
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
