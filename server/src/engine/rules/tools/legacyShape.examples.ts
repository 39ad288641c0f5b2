import { countWordsFiles, countWordsHandler, countWordsPlugin, plugin, text } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { legacyShapeRule } from './legacyShape';

export const legacyShapeDocs = ruleDocs(legacyShapeRule, {
  // Refused by the loader: shown struck through.
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'Legacy manifests that use name are rejected with a message asking for id.',
    ),
    toolsGuide(
      'Legacy shape',
      'Older manifests declared a tool with name and inline parameters instead of id and schema. That shape is refused at load time with a message asking for the current fields',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { «"name"»: "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "parameters": {
                  "type": "object",
                  "properties": { "path": { "type": "string", "format": "file-path" } }
                },
                "handler": "./tools/count-words.js", "annotations": { "readOnlyHint": true } }
            ]
          },
          "permissions": { "fs": { "read": { "parameter": true } } }`),
        files: { 'tools/count-words.js': countWordsHandler },
        fixed: {
          title:
            'Use the current tool shape: rename "name" to "id" and move its parameters to ./tools/count_words.schema.json',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count_words.schema.json",
                  "handler": "./tools/count-words.js", "annotations": { "readOnlyHint": true } }
              ]
            },
            "permissions": { "fs": { "read": { "parameter": true } } }`),
          newFiles: {
            'tools/count_words.schema.json': text(`
              {
                "type": "object",
                "properties": { "path": { "type": "string", "format": "file-path" } }
              }`),
          },
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: countWordsFiles,
      },
    ],
  },
});
