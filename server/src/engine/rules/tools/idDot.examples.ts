import { countWordsPlugin, plugin } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { idDotRule } from './idDot';

export const idDotDocs = ruleDocs(idDotRule, {
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'id yes the MCP tool name. Must not contain . (dots are reserved for namespace prefixing).',
    ),
    toolsGuide('Declaring a tool', 'It can\u2019t contain a dot \u2014 dots are reserved for namespace prefixing.'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": «"words.count"», "title": "Count words", "description": "Counts the words in a text file.",
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
