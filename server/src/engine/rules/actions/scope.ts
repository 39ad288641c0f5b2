import { closest, didYouMean, quote, valueWords } from '../messages';
import { defineRule } from '../rule';
import { scopeValues } from '../../shape/schema';

export const scopeRule = defineRule({
  code: 'actions.scope',
  severity: 'error',
  description: 'scope: "single-file", "multi-file", "folder", or an array of those.',
  shapeMessage: (finding, name, value) =>
    (typeof finding.jsonPath[finding.jsonPath.length - 1] === 'number'
      ? `${name} must be "single-file", "multi-file" or "folder", not ${valueWords(value)}.`
      : `${name} must be "single-file", "multi-file", "folder" or an array of those, not ${valueWords(value)}.`) +
    (typeof value === 'string' ? didYouMean(closest(value, scopeValues), quote) : ''),
});
