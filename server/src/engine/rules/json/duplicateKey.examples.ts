import { notInTheReference } from '../reference';
import { plugin, text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, duplicateKeyRule } from './duplicateKey';

export const duplicateKeyDocs = ruleDocs(duplicateKeyRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: text(`
          {
            "name": "word-count",
            «"version"»: "1.0.0",
            "displayName": "Word Count",
            "version": "1.1.0"
          }`),
        // At each occurrence: the second one is the one the loader keeps.
        alsoReported: ['json.duplicate-key'],
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
});
