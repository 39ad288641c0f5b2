import { notInTheReference } from '../reference';
import { text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, notAnObjectRule } from './notAnObject';

export const notAnObjectDocs = ruleDocs(notAnObjectRule, {
  decision,
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
