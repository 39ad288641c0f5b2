import { manifestReference, toolsGuide } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, timeoutRule } from './timeout';

export const timeoutDocs = ruleDocs(timeoutRule, {
  decision,
  quotes: [
    manifestReference('tools[] \u2014 MCP tools the agent can call', 'timeout no e.g. "30s".'),
    toolsGuide('Declaring a tool', 'timeout bounds how long a call may run.'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true }, "timeout": «"30 seconds"» }
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
                "annotations": { "readOnlyHint": true }, "timeout": "30s" }
            ]
          }`),
      },
    ],
  },
});
