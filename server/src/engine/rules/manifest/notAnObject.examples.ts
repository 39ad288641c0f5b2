import { notInTheReference } from '../reference';
import { text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { notAnObjectRule } from './notAnObject';

export const notAnObjectDocs = ruleDocs(notAnObjectRule, {
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: text(`
          «[
            { "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }
          ]»`),
      },
    ],
    correct: [{ manifest: text(`{ "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }`) }],
  },
});
