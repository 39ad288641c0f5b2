import type { Fix } from '../../fixes/fix';
import { schemaArgumentFix, schemaArgumentTitle } from '../../fixes/schemaArgument';
import type { ReferencedFiles } from '../../folder/referencedFiles';
import { asRecord, type ManifestModel } from '../../model/manifestModel';
import { keyNode, valueNode } from '../../model/nodes';
import type { ToolSchemaFacts } from '../../model/toolSchema';
import { defineRule } from '../rule';
import type { At } from './shared';
import { field } from '../messages';

/**
 * A tool argument its handler passes to ctx.fs as a path, which its schema does not mark as one: where the fix of
 * permissions.parameter-without-path-property marks it (or adds it, `declared` false).
 */
interface PathArgumentNeed {
  tool: string;
  /** The tool's schema file, as the manifest writes it. */
  schema: string;
  argument: string;
  /** The schema has the property, without a path format. */
  declared: boolean;
}

/** The fix offers at most this many tools' arguments. */
const maxNeedsOffered = 3;

/** The argument marked (or added) as a file path in the schema of each tool whose handler passes it to ctx.fs. */
const markPathArgument: Fix<At & { needs?: PathArgumentNeed[] }> = ({ needs = [] }) =>
  needs.flatMap(({ schema, argument, declared }, index) =>
    schemaArgumentFix(schemaArgumentTitle(argument, schema, true, declared), schema, argument, true, index === 0),
  );

export const parameterWithoutPathPropertyRule = defineRule({
  code: 'permissions.parameter-without-path-property',
  severity: 'warning',
  description:
    'fs rules with "parameter": true grant the path of a schema property marked "format": "file-path" (or "directory-path"); with no such property in any tool schema, no path can ever be granted.',
  message: ({ jsonPath }: At & { needs?: PathArgumentNeed[] }) =>
    `${field(jsonPath)} is true, but no tool schema has a property of \`format\` "file-path" or "directory-path", so it grants no path. ` +
    'Give the property that takes a path one of those formats.',
  fix: markPathArgument,
  check: {
    // parameter: true grants only through a path-formatted schema property; without one it grants nothing. A tool
    // without a schema file (a legacy tool, say) may have a path property we cannot see.
    manifest({ model, folder, files, report }) {
      if (!folder) return;
      const { files: read, schemaFacts, everySchemaRead } = files();
      if (!everySchemaRead || schemaFacts.size !== model.tools.length) return;
      if ([...schemaFacts.values()].some((facts) => facts.pathProperties.length > 0)) return;
      const fs = valueNode(model.permissions, 'fs');
      let needs: PathArgumentNeed[] | undefined;
      for (const access of ['read', 'write', 'list']) {
        if (asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true) continue;
        needs ??= pathArgumentNeeds(model, read, schemaFacts);
        report(keyNode(valueNode(fs, access), 'parameter')!, {
          jsonPath: ['permissions', 'fs', access, 'parameter'],
          ...(needs.length > 0 ? { needs } : {}),
        });
      }
    },
  },
});

/** The arguments the tools' handlers pass to ctx.fs as paths, the first few, each with its tool's schema file. */
function pathArgumentNeeds(
  model: ManifestModel,
  files: ReferencedFiles['files'],
  schemaFacts: Map<number, ToolSchemaFacts>,
): PathArgumentNeed[] {
  const needs: PathArgumentNeed[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (file.read !== 'handler' || file.reference.kind !== 'tool-handler') continue;
    const toolIndex = file.reference.toolIndex!;
    const tool = model.tools[toolIndex];
    const schema = tool?.value.schema;
    const facts = schemaFacts.get(toolIndex);
    if (typeof schema !== 'string' || !facts) continue;
    for (const argument of file.facts().fsPathArguments) {
      const key = `${schema}\0${argument}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const declared = facts.argumentNames.includes(argument);
      needs.push({ tool: String(tool.value.id ?? tool.value.name ?? toolIndex), schema, argument, declared });
      if (needs.length >= maxNeedsOffered) return needs;
    }
  }
  return needs;
}
