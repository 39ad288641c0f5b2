import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, syntaxRule } from './syntax';

export const syntaxDocs = ruleDocs(syntaxRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [withConfig(`{ "rules": { "manifest.unknown-key": "off" }«,» }`)],
    correct: [withConfig(`{ "rules": { "manifest.unknown-key": "off" } }`)],
  },
});
