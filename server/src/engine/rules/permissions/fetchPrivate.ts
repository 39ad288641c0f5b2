import { arrayItems, valueNode } from '../../model/nodes';
import { hostOf, isPrivateHost, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const fetchPrivateRule = defineRule({
  code: 'permissions.fetch-private',
  severity: 'warning',
  description: 'localhost and private ranges are refused regardless of fetch.static (SSRF guard).',
  decision: 'A warning: the manifest loads, and the host is refused when a handler fetches it.',
  message: ({ host }: At & { host: string }) =>
    `${quote(host)} is localhost or a private address: it is refused regardless of fetch.static (SSRF guard).`,
  check: {
    manifest({ model, report }) {
      arrayItems(valueNode(valueNode(model.permissions, 'fetch'), 'static')).forEach((entry, index) => {
        const host = typeof entry.value === 'string' ? hostOf(entry.value) : '';
        if (host && isPrivateHost(host)) report(entry, { jsonPath: ['permissions', 'fetch', 'static', index], host });
      });
    },
  },
});
