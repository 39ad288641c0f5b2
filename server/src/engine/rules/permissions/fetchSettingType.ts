import { fetchSettings, isFullUrl, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const fetchSettingTypeRule = defineRule({
  code: 'permissions.fetch-setting-type',
  severity: 'warning',
  description:
    'A setting named by fetch.settings holds a full URL (https://api.example.com/v1), so it is of type "string".',
  message: ({ setting, type }: At & { setting: string; type: unknown }) =>
    `Setting ${quote(setting)} is of type ${quote(type)}, but \`permissions.fetch.settings\` reads a full URL from it, such as "https://api.example.com/v1". Make it a "string" setting.`,
  check: {
    // A default that is no URL is said first (permissions.fetch-setting-default), and this then not.
    manifest({ model, report }) {
      for (const { entry, setting, index } of fetchSettings(model)) {
        const { default: value, type } = setting.value;
        if (typeof value === 'string' && !isFullUrl(value)) continue;
        if (type !== undefined && type !== 'string')
          report(entry, {
            jsonPath: ['permissions', 'fetch', 'settings', index],
            setting: entry.value as string,
            type,
          });
      }
    },
  },
});
