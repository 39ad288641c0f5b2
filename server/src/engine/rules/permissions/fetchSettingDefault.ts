import { valueNode } from '../../model/nodes';
import { fetchSettings, isFullUrl, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision = "Checked on the setting's default, the one value the manifest shows.";

export const fetchSettingDefaultRule = defineRule({
  code: 'permissions.fetch-setting-default',
  severity: 'warning',
  description:
    'The value of a setting named by fetch.settings must be a full URL: the host is taken from it with a URL parse, so a bare host name parses as nothing and grants nothing.',
  message: ({ setting, value }: At & { setting: string; value: string }) =>
    `The default of setting ${quote(setting)} is ${quote(value)}, a host name without a scheme, which grants no host. ` +
    '`permissions.fetch.settings` takes the host from a full URL, such as "https://api.example.com/v1": write one.',
  check: {
    manifest({ model, report }) {
      for (const { entry, setting } of fetchSettings(model)) {
        const value = setting.value.default;
        if (typeof value === 'string' && !isFullUrl(value))
          report(valueNode(setting.node, 'default')!, {
            jsonPath: [...setting.jsonPath, 'default'],
            setting: entry.value as string,
            value,
          });
      }
    },
  },
});
