import { countWordsPlugin, plugin } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, idEmptyRule } from './idEmpty';

export const idEmptyDocs = ruleDocs(idEmptyRule, {
  decision,
  quotes: [
    manifestReference('tools[] \u2014 MCP tools the agent can call', 'id yes the MCP tool name.'),
    toolsGuide('Declaring a tool', 'id is the MCP tool name the model calls by.'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": «""», "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin({ permissions: null }),
      },
    ],
  },
});
