import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { commentRule, decision } from './comment';

export const commentDocs = ruleDocs(commentRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [{ manifest: plugin(`«// Counts the words in a text file.»\n"keywords": ["words"]`) }],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file.",\n"keywords": ["words"]`) }],
  },
});
