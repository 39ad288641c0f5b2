import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { annotationsRule } from './annotations';

export const annotationsDocs = ruleDocs(annotationsRule, {
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'MCP tool annotations \u2014 { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only, the same names and meaning as the MCP specification; any other key is rejected.',
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
                "annotations": { «"readOnly"»: true } }
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
                "annotations": { "readOnlyHint": true, "idempotentHint": true } }
            ]
          }`),
      },
    ],
  },
});
