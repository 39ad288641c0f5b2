import { arrayItems, valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';
import { closest, didYouMean, quote } from '../messages';
import { replaceWithSuggestion } from '../../fixes/shared';

export const decision =
  'A warning, not an error: the reference names no refusal, and a name that matches no setting of this manifest silently grants no host.';

export const fetchSettingUnknownRule = defineRule({
  code: 'permissions.fetch-setting-unknown',
  severity: 'warning',
  description: 'A fetch.settings entry names a setting of this manifest, whose value is a full URL.',
  message: ({ setting, suggestion }: At & { setting: string; suggestion?: string }) =>
    `\`permissions.fetch.settings\` names ${quote(setting)}, which is not a setting in \`contributes.settings\`, so it grants no host.${didYouMean(suggestion, quote)}`,
  fix: replaceWithSuggestion,
  check: {
    manifest({ model, report }) {
      const settingIds = model.settings.map((s) => String(s.key));
      arrayItems(valueNode(valueNode(model.permissions, 'fetch'), 'settings')).forEach((entry, index) => {
        if (typeof entry.value !== 'string' || model.settings.some((s) => s.key === entry.value)) return;
        const suggestion = closest(entry.value, settingIds);
        report(entry, {
          jsonPath: ['permissions', 'fetch', 'settings', index],
          setting: entry.value,
          ...(suggestion ? { suggestion } : {}),
        });
      });
    },
  },
});
