import { asRecord } from '../../model/manifestModel';
import { keyNode, valueNode } from '../../model/nodes';
import type { At } from './shared';
import { defineRule } from '../rule';

export const parameterWithoutPathPropertyRule = defineRule({
  code: 'permissions.parameter-without-path-property',
  severity: 'warning',
  description:
    'fs rules with "parameter": true grant the path of a schema property marked "format": "file-path" (or "directory-path"); with no such property in any tool schema, no path can ever be granted.',
  message: ({ jsonPath }: At) =>
    `\`${jsonPath.join('.')}\` is true, but no tool schema has a property with "format": "file-path" (or "directory-path"): no path can ever be granted.`,
  check: {
    // parameter: true grants only through a path-formatted schema property; without one it grants nothing. A tool
    // without a schema file (a legacy tool, say) may have a path property we cannot see.
    manifest({ model, folder, files, report }) {
      if (!folder) return;
      const { schemaFacts, everySchemaRead } = files();
      if (!everySchemaRead || schemaFacts.size !== model.tools.length) return;
      if ([...schemaFacts.values()].some((facts) => facts.pathProperties.length > 0)) return;
      const fs = valueNode(model.permissions, 'fs');
      for (const access of ['read', 'write', 'list']) {
        if (asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true) continue;
        report(keyNode(valueNode(fs, access), 'parameter')!, { jsonPath: ['permissions', 'fs', access, 'parameter'] });
      }
    },
  },
});
