import { arrayItems, valueNode } from '../../model/nodes';
import { hostOf, type At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';
import { replaceWithReplacement } from '../../fixes/shared';

export const decision = 'A warning with the host as the fix: an entry with a scheme or a path matches no host.';

export const fetchUrlRule = defineRule({
  code: 'permissions.fetch-url',
  severity: 'warning',
  description: 'fetch.static and fetch.deny entries are host names, not URLs.',
  message: ({ jsonPath, entry, replacement }: At & { entry: string; replacement?: string }) =>
    `${field(jsonPath.slice(0, 3))} entry ${quote(entry)} is a URL, but these entries are host names, so it matches no host.` +
    (replacement ? ` Write ${quote(replacement)}.` : ' Write the host name alone.'),
  fix: replaceWithReplacement,
  check: {
    manifest({ model, report }) {
      const fetch = valueNode(model.permissions, 'fetch');
      for (const list of ['static', 'deny'])
        arrayItems(valueNode(fetch, list)).forEach((entry, index) => {
          if (typeof entry.value !== 'string') return;
          const host = hostOf(entry.value);
          if (host !== entry.value)
            report(entry, {
              jsonPath: ['permissions', 'fetch', list, index],
              entry: entry.value,
              ...(host ? { replacement: host } : {}),
            });
        });
    },
  },
});
