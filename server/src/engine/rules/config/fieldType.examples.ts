import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { fieldTypeRule } from './fieldType';

export const fieldTypeDocs = ruleDocs(fieldTypeRule, {
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": «["manifest.unknown-key"]» }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
