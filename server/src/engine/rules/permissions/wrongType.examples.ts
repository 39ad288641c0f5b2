import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, wrongTypeRule } from './wrongType';

export const wrongTypeDocs = ruleDocs(wrongTypeRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [{ manifest: plugin(`"permissions": { "store": «"yes"» }`) }],
    correct: [{ manifest: plugin(`"permissions": { "store": true }`) }],
  },
});
