import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, fieldTypeRule } from './fieldType';

export const fieldTypeDocs = ruleDocs(fieldTypeRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": «["manifest.unknown-key"]» }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
