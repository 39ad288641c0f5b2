import { notInTheReference } from '../reference';
import { text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, moreRule } from './more';

export const moreDocs = ruleDocs(moreRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        // Two problems, at most one listed: the one listed counts them.
        manifest: text(`
          {
            "name": «"Word Count"»,
            "displayName": "Word Count",
            "version": "1.0"
          }`),
        checkedWith: { maxDiagnostics: 1 },
      },
    ],
    correct: [
      {
        manifest: text(`
          {
            "name": "word-count",
            "displayName": "Word Count",
            "version": "1.0.0"
          }`),
        checkedWith: { maxDiagnostics: 1 },
      },
    ],
  },
});
