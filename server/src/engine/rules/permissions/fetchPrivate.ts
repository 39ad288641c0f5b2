import { arrayItems, valueNode } from '../../model/nodes';
import { hostOf, isPrivateHost, type At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision = 'A warning: the manifest loads, and the host is refused when a handler fetches it.';

export const fetchPrivateRule = defineRule({
  code: 'permissions.fetch-private',
  severity: 'warning',
  description: 'localhost and private ranges are refused regardless of fetch.static (SSRF guard).',
  message: ({ jsonPath, host }: At & { host: string }) =>
    `${field(jsonPath.slice(0, 3))} entry ${quote(host)} names this computer or an address on a private network. ` +
    "Filer refuses them whatever the manifest allows, so that a plugin cannot reach the machine's own services or its network: a fetch of it fails.",
  check: {
    manifest({ model, report }) {
      arrayItems(valueNode(valueNode(model.permissions, 'fetch'), 'static')).forEach((entry, index) => {
        const host = typeof entry.value === 'string' ? hostOf(entry.value) : '';
        if (host && isPrivateHost(host)) report(entry, { jsonPath: ['permissions', 'fetch', 'static', index], host });
      });
    },
  },
});
