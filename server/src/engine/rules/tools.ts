import { declaresAnnotations, pluginGatingFacts, deriveToolGating } from '../categories/approvalCategory';
import { reportDuplicateIds } from './duplicateIds';
import { isLegacy } from '../model/manifestModel';
import { keyNode, propertyNode, valueNode } from '../model/nodes';
import type { FileReference } from '../model/references';
import type { ToolSchemaResult } from '../model/toolSchema';
import { field, quote } from './messages';
import { defineRules, type CodeOf, type RuleArea, type RuleContext } from './rule';

const definitions = defineRules([
  {
    code: 'tools.id-dot',
    severity: 'error',
    description: 'A tool id is the MCP tool name and must not contain . (dots are reserved for namespace prefixing).',
    shapeMessage: (_finding, name, value) =>
      `${name} ${quote(value)} must not contain . (dots are reserved for namespace prefixing).`,
  },
  {
    code: 'tools.legacy-shape',
    fix: 'legacy-tool-shape',
    // Refused by the loader: shown struck through.
    tags: ['deprecated'],
    severity: 'error',
    description: 'Legacy manifests that declare a tool with name and inline parameters are rejected with a message asking for id and a schema file.',
  },
  {
    code: 'tools.handler-required',
    fix: 'add-required-field',
    severity: 'error',
    description: 'handler (the path to the handler module) is required for runtime: "node".',
  },
  {
    code: 'tools.annotations',
    severity: 'error',
    description: 'annotations: { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }, booleans only; any other key is rejected.',
    shapeMessage: (finding, name) =>
      finding.keyword === 'additionalProperties'
        ? `\`${String(finding.params.additionalProperty)}\` is not an MCP tool annotation: ${name} allows only readOnlyHint, destructiveHint, idempotentHint and openWorldHint; any other key is rejected.`
        : finding.keyword === 'type' && finding.path[finding.path.length - 1] === 'annotations'
          ? `${name} must be an object { readOnlyHint?, destructiveHint?, idempotentHint?, openWorldHint? }.`
          : `${name} must be a boolean: MCP tool annotations are booleans only.`,
  },
  {
    code: 'tools.timeout',
    severity: 'warning',
    description: 'timeout is a duration, e.g. "30s".',
    decision: 'A warning unless it is a whole number followed by ms, s, m or h ("500ms", "30s", "2m", "1h"); a number without a unit is that warning too.',
    shapeMessage: (_finding, name, value) => notADuration(name, value),
  },
  {
    code: 'tools.duplicate-id',
    severity: 'warning',
    description: 'One name, one tool: a later tool whose name is already taken is skipped with a warning that names its source.',
    decision: 'A warning on every tool after the first, as the app gives one: the manifest loads, and the agent loop skips the later tool.',
  },
  {
    code: 'tools.undeclared-annotations',
    fix: 'declare-annotations',
    severity: 'warning',
    description:
      'A tool that declares no annotations, in a plugin that declares permissions.fetch or runs as runtime: "process", is treated as openWorldHint: true, and the loader logs a warning naming it.',
    decision:
      'The safer reading, wherever the reference can be read two ways: the one under which the author is warned of the stricter gate. So annotations: {} declares no annotations (nor does an object with none of the four names): such a tool is treated by its plugin\u2019s permissions, here and in the hover and the preview.',
  },
  {
    code: 'tools.undeclared-annotations-write',
    fix: 'declare-annotations',
    severity: 'hint',
    description: 'A tool that declares no annotations, in a plugin that declares permissions.fs.write, is treated as readOnlyHint: false (modify).',
    decision: 'A hint, not a warning: the loader does not log this case, but the tool asks per the trust table.',
  },
  {
    code: 'tools.schema-not-json',
    severity: 'error',
    description: 'A tool\u2019s schema file must parse as JSON.',
    decision: 'An error, as a rule of the tools table ("path to a JSON-Schema file"), though the reference does not say the loader parses it: the tool\u2019s arguments then have no schema.',
  },
  {
    code: 'tools.schema-invalid',
    severity: 'error',
    description: 'A tool\u2019s schema file must be a JSON Schema.',
    decision:
      'An error, like tools.schema-not-json. The reference says only "a JSON-Schema file": checked against the meta-schema of the draft its $schema declares (draft-04, -06, -07, 2019-09, 2020-12), draft-07 when it declares none; a $ref to another file or a URL is never followed.',
  },
  {
    code: 'tools.schema-unknown-draft',
    severity: 'warning',
    description: 'A tool\u2019s schema file declares a $schema that is none of the JSON Schema drafts draft-04, -06, -07, 2019-09 and 2020-12.',
    decision: 'A warning, not an error: the reference does not name a draft. The schema is checked as draft-07, and the message says so.',
  },
  {
    code: 'tools.path-without-format',
    severity: 'hint',
    description:
      'A path passed under a schema property without "format": "file-path" (or "directory-path") gets no grant, so only a static rule could admit it.',
    decision:
      'A hint on properties named path, file, filePath, dir, folder, …Path, …File, …Dir of string type. Local $refs ("#/$defs/filePath", "#/definitions/…", "#anchor") are followed, with a cycle guard; a $ref to another file or a URL never is, so the format behind it is not seen.',
  },
]);

type Code = CodeOf<typeof definitions>;

/** contributes.tools[]: MCP tools the agent can call. */
export const toolRules: RuleArea<Code> = {
  rules: definitions,
  explainsShapeFinding(finding, model) {
    // A legacy tool is reported once, as legacy, not as a missing id and schema plus two unknown keys.
    if (finding.path.length !== 3 || finding.path[1] !== 'tools' || finding.path[0] !== 'contributes') return false;
    const tool = model.tools[finding.path[2] as number];
    if (!tool || !isLegacy(tool.value)) return false;
    if (finding.keyword === 'required') return ['id', 'schema'].includes(String(finding.params.missingProperty));
    if (finding.keyword === 'additionalProperties') return ['name', 'parameters'].includes(String(finding.params.additionalProperty));
    return false;
  },
  check(context) {
    const { model, report } = context;
    const plugin = pluginGatingFacts(model);
    reportDuplicateIds(context, model.tools, 'tools.duplicate-id', (id, first) => `Tool id ${quote(id)} is already used by ${first}: one name, one tool; the later tool is skipped with a warning.`, true);
    model.tools.forEach((tool, index) => {
      if (tool.node.type !== 'object') return;
      if (isLegacy(tool.value)) {
        const at = keyNode(tool.node, 'name') ?? keyNode(tool.node, 'parameters')!;
        const id = typeof tool.value.name === 'string' ? tool.value.name : undefined;
        report(
          'tools.legacy-shape',
          at,
          `${field(tool.path)} uses the legacy tool shape (name/parameters), which is refused at load time: declare \`id\` instead of \`name\`, and move the inline \`parameters\` into a JSON-Schema file named by \`schema\`.`,
          { path: tool.path, toolIndex: index, ...(id ? { replacement: id } : {}) },
        );
      }
      if (!model.isProcess && !propertyNode(tool.node, 'handler')) {
        report(
          'tools.handler-required',
          keyNode(tool.node, 'id') ?? keyNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 },
          `${field(tool.path)} has no \`handler\`: the path to the handler module, relative to the plugin root, is required for runtime: "node".`,
          { path: tool.path, toolIndex: index, missingField: 'handler' },
        );
      }
      const timeout = valueNode(tool.node, 'timeout');
      if (typeof timeout?.value === 'string' && !/^\d+(ms|s|m|h)$/.test(timeout.value)) {
        report('tools.timeout', timeout, notADuration(field([...tool.path, 'timeout']), timeout.value), {
          path: [...tool.path, 'timeout'],
        });
      }
      if (!declaresAnnotations(tool.value.annotations)) {
        const gating = deriveToolGating(undefined, plugin);
        const declaresNo = `declares no annotations${annotationsSaidNothing(tool.value.annotations)}`;
        const at = valueNode(tool.node, 'id') ?? valueNode(tool.node, 'name') ?? { offset: tool.node.offset, length: 1 };
        const name = tool.id ?? (typeof tool.value.name === 'string' ? tool.value.name : undefined);
        const theTool = name === undefined ? `The tool at ${field(tool.path)}` : `Tool ${quote(name)}`;
        if (gating.category === 'external') {
          const sources = gating.reasons
            .filter((r) => r.category === 'external')
            .map((r) => (r.source === 'permissions.fetch' ? 'declares permissions.fetch' : 'runs as runtime: "process"'))
            .join(' and ');
          report(
            'tools.undeclared-annotations',
            at,
            `${theTool} ${declaresNo}: because the plugin ${sources}, it is treated as openWorldHint: true, category external, which ${gating.asks}. Declare annotations so a read-only tool does not ask.`,
            { path: tool.path, toolIndex: index },
          );
        } else if (gating.category === 'modify') {
          report(
            'tools.undeclared-annotations-write',
            at,
            `${theTool} ${declaresNo}: because the plugin declares permissions.fs.write, it is treated as readOnlyHint: false, category modify, which ${gating.asks}.`,
            { path: tool.path, toolIndex: index },
          );
        }
      }
    });
    for (const file of context.files().files) if (file.read === 'schema') checkSchema(context, file.reference, file.analysis);
  },
};

/** A tool's schema file, read: JSON, a JSON Schema of a known draft, its path-like properties formatted. */
function checkSchema({ report }: RuleContext<Code>, reference: FileReference, analysis: ToolSchemaResult): void {
  if (analysis.kind === 'not-json') {
    report('tools.schema-not-json', reference.node, `${field(reference.fieldPath)}: ${quote(reference.path)} is not JSON (${analysis.reason}).`, { path: reference.fieldPath });
    return;
  }
  if (analysis.unknownDraft !== undefined) {
    report(
      'tools.schema-unknown-draft',
      reference.node,
      `${field(reference.fieldPath)} ${quote(reference.path)} declares "$schema": ${quote(analysis.unknownDraft)}, a draft this validator does not know: it is checked as ${analysis.draft}.`,
      { path: reference.fieldPath },
    );
  }
  if (analysis.kind === 'invalid') {
    report('tools.schema-invalid', reference.node, `${field(reference.fieldPath)}: ${quote(reference.path)} is not a valid JSON Schema (${analysis.draft}): ${analysis.reason}.`, { path: reference.fieldPath });
    return;
  }
  for (const property of analysis.facts.unformattedPathLikeProperties) {
    report(
      'tools.path-without-format',
      reference.node,
      `Property \`${property}\` of ${quote(reference.path)} looks like a path but has no "format": "file-path" (or "directory-path"): a path passed there gets no grant, so only a static rule could admit it.`,
      { path: reference.fieldPath },
    );
  }
}

/** Why an `annotations` value that is there declares nothing. */
function annotationsSaidNothing(annotations: unknown): string {
  if (annotations === undefined) return '';
  const empty = annotations !== null && typeof annotations === 'object' && Object.keys(annotations).length === 0;
  return empty ? ' (its `annotations` object is empty)' : ' (its `annotations` names none of readOnlyHint, destructiveHint, idempotentHint, openWorldHint)';
}

function notADuration(name: string, value: unknown): string {
  return `${name} ${quote(value)} is not a duration like "30s" (a whole number followed by ms, s, m or h).`;
}
