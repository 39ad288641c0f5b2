import { keyNode, valueNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { removeField } from '../../fixes/shared';
import { type At, why } from './shared';

export const hooksRule = defineRule({
  code: 'process.hooks',
  severity: 'error',
  description: 'contributes.hooks (non-empty) is rejected for runtime: "process".',
  message: (_: At) =>
    `\`contributes.hooks\` is not available ${why}. Hooks run in the app's plugin host, which a process plugin does not use.`,
  fix: removeField,
  check: {
    manifest({ model, report }) {
      if (!model.isProcess || !model.root) return;
      const hooks = valueNode(model.contributes, 'hooks');
      if (hooks?.type === 'object' && hooks.children!.length > 0)
        report(keyNode(model.contributes, 'hooks')!, { jsonPath: ['contributes', 'hooks'] });
    },
  },
});
