import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { severityRule } from './severity';

export const severityDocs = ruleDocs(severityRule, {
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": { "manifest.unknown-key": «"warn"» } }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "warning" } }`)],
  },
});
