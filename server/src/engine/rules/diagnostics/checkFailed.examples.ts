import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { checkFailedRule, decision } from './checkFailed';

export const checkFailedDocs = ruleDocs(checkFailedRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    fault: 'It is reported when a check throws where it should not: the rest is checked, and what was not is named.',
  },
});
