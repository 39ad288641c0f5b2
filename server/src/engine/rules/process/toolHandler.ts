import { keyNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';
import { removeField } from '../../fixes/shared';
import { type At, why } from './shared';

export const toolHandlerRule = defineRule({
  code: 'process.tool-handler',
  severity: 'error',
  description: 'A tool entry must not carry handler under runtime: "process": a tool is called by its own id.',
  message: ({ jsonPath }: At) =>
    `${field(jsonPath)} is forbidden ${why}. Filer calls the tool in the plugin's own process, by its id, with no handler module.`,
  fix: removeField,
  check: {
    tool(tool, { model, report }) {
      const handler = model.isProcess && model.root ? keyNode(tool.node, 'handler') : undefined;
      if (handler) report(handler, { jsonPath: [...tool.jsonPath, 'handler'] });
    },
  },
});
