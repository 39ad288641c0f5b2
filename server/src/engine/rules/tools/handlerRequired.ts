import { keyNode, propertyNode, type JsonPath } from '../../model/nodes';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { field } from '../messages';

export const handlerRequiredRule = defineRule({
  code: 'tools.handler-required',
  severity: 'error',
  description: 'handler (the path to the handler module) is required for runtime: "node".',
  message: ({ jsonPath }: { jsonPath: JsonPath; missingField: 'handler' }) =>
    `${field(jsonPath)} has no \`handler\`, which the "node" runtime requires. Write the path to the handler module, relative to the plugin root.`,
  fix: addRequiredField,
  check: {
    tool(tool, { model, report }) {
      if (tool.node.type !== 'object' || model.isProcess || propertyNode(tool.node, 'handler')) return;
      const at = keyNode(tool.node, 'id') ?? keyNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 };
      report(at, { jsonPath: tool.jsonPath, missingField: 'handler' });
    },
  },
});
