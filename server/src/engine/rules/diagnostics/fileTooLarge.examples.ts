import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, fileTooLargeRule } from './fileTooLarge';

export const fileTooLargeDocs = ruleDocs(fileTooLargeRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    // The text stands for a larger one: what an editor found its size to be is given with it.
    incorrect: [
      {
        manifest: '«»{ "name": "Word Count", "version": "1.0" }\n',
        checkedWith: { tooLarge: { megabytes: 17, maxFileSize: 16 } },
      },
    ],
    correct: [{ manifest: '{ "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }\n' }],
  },
});
