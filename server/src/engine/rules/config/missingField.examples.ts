import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, missingFieldRule } from './missingField';

export const missingFieldDocs = ruleDocs(missingFieldRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        ...withConfig(
          `
            {
              "suppress": [
                «{ "file": "manifest.json", "at": "/homepage", "rule": "manifest.unknown-key" }»
              ]
            }`,
          true,
        ),
        alsoReported: ['manifest.unknown-key'],
      },
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
