import { countWordsFiles, plugin, text } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { batchWithoutArrayRule, decision } from './batchWithoutArray';

export const batchWithoutArrayDocs = ruleDocs(batchWithoutArrayRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      '"batch": exactly one call with every selected path under the tool schema\u2019s array-of-paths property \u2014 for a tool whose point is to combine files.',
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
              { "id": "count-words", "title": "Count words", "description": "Counts the words of all files.",
                "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": «"batch"» }
            ]
          },
          "permissions": { "fs": { "read": { "parameter": true } } }`),
        files: countWordsFiles,
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
              { "id": "count-words", "title": "Count words", "description": "Counts the words of all files.",
                "scope": "multi-file", "kind": "tool", "toolId": "count_words", "multiFileMode": "batch" }
            ]
          },
          "permissions": { "fs": { "read": { "parameter": true } } }`),
        files: {
          ...countWordsFiles,
          'tools/count-words.schema.json': text(`
            {
              "type": "object",
              "properties": { "paths": { "type": "array", "items": { "type": "string", "format": "file-path" } } },
              "required": ["paths"]
            }`),
          // The handler reads what the schema declares (handlers.unknown-argument would report `path`).
          'tools/count-words.js': text(`
            module.exports = async ({ paths }, ctx) => {
              const texts = await Promise.all(paths.map((path) => ctx.fs.read(path)));
              return String(texts.join(' ').split(/\\s+/).filter(Boolean).length);
            };`),
        },
      },
    ],
  },
});
