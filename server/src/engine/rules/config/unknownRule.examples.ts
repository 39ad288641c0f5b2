import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, unknownRuleRule } from './unknownRule';

export const unknownRuleDocs = ruleDocs(unknownRuleRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": { «"manifest.unknown-keys"»: "off" } }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
