import { countWordsFiles, countWordsPlugin } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, unreadableRule } from './unreadable';

export const unreadableDocs = ruleDocs(unreadableRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to the handler module, relative to the plugin root',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ marked: 'schema' }),
        files: { ...countWordsFiles, 'tools/count-words.schema.json': { unreadable: 'permission denied' } },
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
