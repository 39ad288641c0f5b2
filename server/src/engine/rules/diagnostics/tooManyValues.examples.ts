import { notInTheReference } from '../reference';
import { text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, tooManyValuesRule } from './tooManyValues';

export const tooManyValuesDocs = ruleDocs(tooManyValuesRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    // The text stands for one of more than a million values: it is checked under a limit of 12.
    incorrect: [
      {
        manifest: text(`
          «»{
            "name": "word-count",
            "displayName": "Word Count",
            "version": "1.0.0",
            "keywords": ["count", "words", "text", "letters", "lines", "pages", "books", "notes"]
          }`),
        checkedWith: { maxTreeValues: 12 },
      },
    ],
    correct: [
      {
        manifest: text(`
          {
            "name": "word-count",
            "displayName": "Word Count",
            "version": "1.0.0",
            "keywords": ["count", "words", "text", "letters", "lines", "pages", "books"]
          }`),
        checkedWith: { maxTreeValues: 12 },
      },
    ],
  },
});
