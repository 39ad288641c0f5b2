import { countWordsFiles, countWordsPlugin, text } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { parameterWithoutPathPropertyRule } from './parameterWithoutPathProperty';

export const parameterWithoutPathPropertyDocs = ruleDocs(parameterWithoutPathPropertyRule, {
  quotes: [
    manifestReference(
      'permissions',
      'parameter: true \u2014 the path comes from the call\u2019s arguments (the schema property marked "format": "file-path")',
    ),
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'a path passed under a property without that format gets no grant',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ permissions: `{ "fs": { "read": { «"parameter"»: true } } }` }),
        fixed: {
          title: 'Mark `document` in ./tools/count-words.schema.json as a file path ("format": "file-path")',
          manifest: countWordsPlugin({ permissions: `{ "fs": { "read": { "parameter": true } } }` }),
          editedFiles: {
            'tools/count-words.schema.json': text(`
              {
                "type": "object",
                "properties": { "document": { "type": "string", "description": "The file whose words are counted.", "format": "file-path" } },
                "required": ["document"]
              }`),
          },
        },
        files: {
          'tools/count-words.schema.json': text(`
            {
              "type": "object",
              "properties": { "document": { "type": "string", "description": "The file whose words are counted." } },
              "required": ["document"]
            }`),
          'tools/count-words.js': text(`
            module.exports = async ({ document }, ctx) => {
              const text = await ctx.fs.read(document);
              return String(text.split(/\\s+/).filter(Boolean).length);
            };`),
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
