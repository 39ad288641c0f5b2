import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, globInvalidRule } from './globInvalid';

export const globInvalidDocs = ruleDocs(globInvalidRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "ignore": [«""»] }`)],
    correct: [withConfig(`{ "overrides": [{ "files": ["*.json"], "rules": {} }] }`)],
  },
});
