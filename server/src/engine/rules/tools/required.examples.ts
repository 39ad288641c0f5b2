import { plugin, countWordsPlugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'id yes the MCP tool name.',
    },
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'title, description yes description is what the model reads when choosing a tool.',
    },
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
    },
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              «{» "id": "count_words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
        fixed: {
          title: 'Add missing "title"',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true },
                  "title": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin({ permissions: null }),
      },
    ],
  },
});
