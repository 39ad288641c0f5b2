import { notInTheReference } from '../reference';
import { plugin, text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, syntaxRule } from './syntax';

export const syntaxDocs = ruleDocs(syntaxRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: `«\uFEFF»${plugin(`"description": "Counts the words in a text file."`)}`,
        fixed: {
          title: 'Remove the byte-order mark',
          manifest: plugin(`
            "description": "Counts the words in a text file."`),
        },
      },
      {
        manifest: text(`
          {
            "name": "word-count",
            "displayName": "Word Count"
            «"version"»: "1.0.0"
          }`),
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
});
