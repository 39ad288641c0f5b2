import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, unknownFieldRule } from './unknownField';

export const unknownFieldDocs = ruleDocs(unknownFieldRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ «"rule"»: { "manifest.unknown-key": "off" } }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
