import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { withConfig } from './examples.shared';
import { decision, globMatchesNothingRule } from './globMatchesNothing';

export const globMatchesNothingDocs = ruleDocs(globMatchesNothingRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      withConfig(`
            {
              "overrides": [{ "files": [«"legacy/**"»], "rules": { "manifest.unknown-key": "off" } }]
            }`),
    ],
    correct: [
      withConfig(`
            {
              "overrides": [{ "files": ["manifest.json"], "rules": { "manifest.unknown-key": "off" } }]
            }`),
    ],
  },
});
