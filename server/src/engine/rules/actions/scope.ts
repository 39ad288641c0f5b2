import { closest, didYouMean } from '../messages';
import { defineRule } from '../rule';
import { scopeValues } from '../../shape/schema';

export const scopeRule = defineRule({
  code: 'actions.scope',
  severity: 'error',
  description: 'scope: "single-file", "multi-file", "folder", or an array of those.',
  shapeMessage: (finding, name, value) =>
    (typeof finding.jsonPath[finding.jsonPath.length - 1] === 'number'
      ? `${name} must be "single-file", "multi-file" or "folder".`
      : `${name} must be "single-file", "multi-file", "folder", or an array of those.`) +
    (typeof value === 'string' ? didYouMean(closest(value, scopeValues)) : ''),
});
