import { defineRule } from '../rule';
import { kebabCaseValue } from '../../fixes/shared';
import { kebabCaseWords, quote } from '../messages';
import { suggestKebab } from './shared';

export const nameRule = defineRule({
  code: 'manifest.name',
  severity: 'error',
  description:
    'name: kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$). Doubles as the plugin\u2019s identity in the installed registry and in the pluginAllowList a folder agent may carry.',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} is not ${kebabCaseWords}. It is the plugin's identity in the installed registry and in a folder's plugin allow-list.` +
    suggestKebab(value),
  fix: kebabCaseValue,
});
