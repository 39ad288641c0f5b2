import { countWordsFiles, countWordsPlugin, text } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, schemaNotJsonRule } from './schemaNotJson';

export const schemaNotJsonDocs = ruleDocs(schemaNotJsonRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ marked: 'schema' }),
        files: {
          ...countWordsFiles,
          'tools/count-words.schema.json': text(`
            {
              "type": "object",
              "properties": { "path": { "type": "string", "format": "file-path" }, }
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
