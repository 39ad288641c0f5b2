import { argumentsHandler, countWordsFiles, countWordsPlugin, text } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, unknownArgumentRule } from './unknownArgument';

/** A schema file as a fix that creates one writes it, before its tool's arguments are declared. */
const emptySchema = text(`
  {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {}
  }`);

export const unknownArgumentDocs = ruleDocs(unknownArgumentRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
    ),
    toolsGuide(
      'Declaring a tool',
      'schema points at a JSON-Schema file describing the tool\u2019s arguments, relative to the plugin root.',
    ),
  ],
  examples: {
    incorrect: [
      {
        // The newcomer's tool: its handler reads the file at args.path, and its schema declares nothing yet.
        manifest: countWordsPlugin(),
        files: {
          'tools/count-words.schema.json': emptySchema,
          'tools/count-words.js': argumentsHandler('«path»'),
        },
        alsoReported: ['permissions.parameter-without-path-property'],
        fixed: {
          title: 'Add `path` to ./tools/count-words.schema.json as a file path ("format": "file-path")',
          manifest: countWordsPlugin(),
          editedFiles: {
            'tools/count-words.schema.json': text(`
              {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": {
                  "path": {
                    "type": "string",
                    "format": "file-path"
                  }
                }
              }`),
          },
        },
      },
      {
        manifest: countWordsPlugin(),
        files: { ...countWordsFiles, 'tools/count-words.js': argumentsHandler('«pth»') },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: { ...countWordsFiles, 'tools/count-words.js': argumentsHandler('path') },
      },
    ],
  },
});
