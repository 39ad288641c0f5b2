import { isLegacy } from '../../model/manifestModel';
import { keyNode, type JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';
import { legacyToolShape } from '../../fixes/legacyTool';

export const legacyShapeRule = defineRule({
  code: 'tools.legacy-shape',
  tags: ['deprecated'],
  severity: 'error',
  description:
    'Legacy manifests that declare a tool with name and inline parameters are rejected with a message asking for id and a schema file.',
  message: ({ jsonPath }: { jsonPath: JsonPath; toolIndex: number }) =>
    `${field(jsonPath)} uses the legacy tool shape, with \`name\` and \`parameters\`, which Filer refuses at load time. ` +
    'Declare `id` instead of `name`, and move the inline `parameters` into a JSON-Schema file named by `schema`.',
  fix: legacyToolShape,
  check: {
    tool(tool, { report }) {
      if (tool.node.type !== 'object' || !isLegacy(tool.value)) return;
      const at = keyNode(tool.node, 'name') ?? keyNode(tool.node, 'parameters')!;
      report(at, { jsonPath: tool.jsonPath, toolIndex: tool.key as number });
    },
  },
});
