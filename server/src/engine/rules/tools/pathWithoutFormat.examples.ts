import { countWordsFiles, countWordsPlugin, text } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, pathWithoutFormatRule } from './pathWithoutFormat';

export const pathWithoutFormatDocs = ruleDocs(pathWithoutFormatRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'a path passed under a property without that format gets no grant, so only a static rule could admit it.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({
          marked: 'schema',
          permissions: `{ "fs": { "read": { "static": ["\${dataDir}/texts/**"] } } }`,
        }),
        files: {
          ...countWordsFiles,
          'tools/count-words.schema.json': text(`
            {
              "type": "object",
              "properties": { "path": { "type": "string" } },
              "required": ["path"]
            }`),
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
