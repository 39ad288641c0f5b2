import { defineRule } from '../rule';
import { kebabCaseValue } from '../../fixes/shared';
import { quote } from '../messages';
import { suggestKebab } from './shared';

export const nameRule = defineRule({
  code: 'manifest.name',
  severity: 'error',
  description:
    'name: kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin\u2019s identity in the installed registry and in the pluginAllowList a folder agent may carry.',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} must be kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$): it doubles as the plugin's identity in the installed registry and in a folder's plugin allow-list.` +
    suggestKebab(value),
  fix: kebabCaseValue,
});
