import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, severityRule } from './severity';

export const severityDocs = ruleDocs(severityRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": { "manifest.unknown-key": «"warn"» } }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "warning" } }`)],
  },
});
