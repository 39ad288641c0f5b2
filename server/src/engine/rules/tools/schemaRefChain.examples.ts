import { countWordsPlugin } from '../examples';
import { maxRefChain } from '../../model/toolSchema';
import { notInTheReference } from '../reference';
import { refChainFiles } from './examples.shared';
import { ruleDocs } from '../ruleDocs';
import { decision, schemaRefChainRule } from './schemaRefChain';

export const schemaRefChainDocs = ruleDocs(schemaRefChainRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin({ marked: 'schema', permissions: null }),
        files: refChainFiles(maxRefChain + 2),
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin({ permissions: null }),
        files: refChainFiles(2),
      },
    ],
  },
});
