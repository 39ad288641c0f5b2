import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, trailingCommaRule } from './trailingComma';

export const trailingCommaDocs = ruleDocs(trailingCommaRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [{ manifest: plugin(`"keywords": ["words", "count"]«,»`) }],
    correct: [{ manifest: plugin(`"keywords": ["words", "count"]`) }],
  },
});
