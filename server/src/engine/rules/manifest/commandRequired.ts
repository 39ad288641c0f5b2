import { valueNode, type JsonPath } from '../../model/nodes';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';
import { processRuntime } from '../messages';

export const commandRequiredRule = defineRule({
  code: 'manifest.command-required',
  severity: 'error',
  description: 'command is required for runtime: "process".',
  message: (_: { jsonPath: JsonPath; missingField: 'command' }) =>
    `The ${processRuntime} needs \`command\`, which is missing. Write the path of the executable that serves the plugin's tools, relative to the plugin's install directory.`,
  fix: addRequiredField,
  check: {
    manifest({ model, report }) {
      if (model.root && model.isProcess && !valueNode(model.root, 'command'))
        report(valueNode(model.root, 'runtime')!, { jsonPath: [], missingField: 'command' });
    },
  },
});
