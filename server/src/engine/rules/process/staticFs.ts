import { asRecord } from '../../model/manifestModel';
import { arrayItems, keyNode, valueNode } from '../../model/nodes';
import { addParameterGrant, type At, why } from './shared';
import { defineRule } from '../rule';

export const decision = 'An empty static list is no rule and is not reported.';

export const staticFsRule = defineRule({
  code: 'process.static-fs',
  severity: 'error',
  description:
    'A static permissions.fs.read/write rule without "parameter": true is rejected for runtime: "process": a process plugin never receives the ctx.fs proxy that enforces static rules.',
  message: ({ access }: At & { access: 'read' | 'write' }) =>
    `\`permissions.fs.${access}\` has static patterns without \`parameter\` set to true, which is rejected ${why}. ` +
    'A process plugin does its own file access, without the `ctx.fs` proxy that enforces them, so they would silently not apply: set `parameter` to true instead.',
  fix: addParameterGrant,
  check: {
    manifest({ model, report }) {
      if (!model.isProcess || !model.root) return;
      const fs = valueNode(model.permissions, 'fs');
      for (const access of ['read', 'write'] as const) {
        const rule = valueNode(fs, access);
        if (
          arrayItems(valueNode(rule, 'static')).length > 0 &&
          asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true
        )
          report(keyNode(rule, 'static')!, { jsonPath: ['permissions', 'fs', access], access });
      }
    },
  },
});
