import { keyNode, valueNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { removeField } from '../../fixes/shared';
import { type At, why } from './shared';

export const viewsRule = defineRule({
  code: 'process.views',
  severity: 'error',
  description: 'contributes.views (non-empty) is rejected for runtime: "process".',
  message: (_: At) =>
    `\`contributes.views\` is not available ${why}. Remove the views, or move them to a plugin of the "node" runtime.`,
  fix: removeField,
  check: {
    manifest({ model, report }) {
      if (!model.isProcess || !model.root) return;
      const views = valueNode(model.contributes, 'views');
      if (views?.type === 'array' && views.children!.length > 0)
        report(keyNode(model.contributes, 'views')!, { jsonPath: ['contributes', 'views'] });
    },
  },
});
