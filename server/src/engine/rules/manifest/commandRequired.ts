import { valueNode, type JsonPath } from '../../model/nodes';
import { addRequiredField } from '../../fixes/shared';
import { defineRule } from '../rule';

export const commandRequiredRule = defineRule({
  code: 'manifest.command-required',
  severity: 'error',
  description: 'command is required for runtime: "process".',
  message: (_: { jsonPath: JsonPath; missingField: 'command' }) =>
    '`command` is required for runtime: "process": the executable that speaks the plugin\'s tools, relative to the plugin\'s install directory.',
  fix: addRequiredField,
  check: {
    manifest({ model, report }) {
      if (model.root && model.isProcess && !valueNode(model.root, 'command'))
        report(valueNode(model.root, 'runtime')!, { jsonPath: [], missingField: 'command' });
    },
  },
});
