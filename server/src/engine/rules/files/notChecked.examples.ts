import { countWordsFiles, countWordsPlugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, notCheckedRule } from './notChecked';

export const notCheckedDocs = ruleDocs(notCheckedRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ marked: 'handler' }),
        files: { ...countWordsFiles, 'tools/count-words.js': { bytes: 3 * 1024 * 1024 } },
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
