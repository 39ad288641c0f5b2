import { argumentsHandler, countWordsFiles, countWordsPlugin } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { unknownArgumentRule } from './unknownArgument';

export const unknownArgumentDocs = ruleDocs(unknownArgumentRule, {
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
