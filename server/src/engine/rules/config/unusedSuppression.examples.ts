import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, unusedSuppressionRule } from './unusedSuppression';

export const unusedSuppressionDocs = ruleDocs(unusedSuppressionRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      withConfig(`
            {
              "suppress": [
                «{ "file": "manifest.json", "at": "/description", "rule": "manifest.unknown-key", "reason": "Read by our store page." }»
              ]
            }`),
    ],
    correct: [
      {
        ...withConfig(
          `
            {
              "suppress": [
                { "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key", "reason": "Read by our store page." }
              ]
            }`,
          true,
        ),
      },
    ],
  },
});
