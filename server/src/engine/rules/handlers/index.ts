import type { HandlerFacts, Span } from '../../handlers/handlerFacts';
import type { InToolHandler } from './shared';
import type { ToolSchemaFacts } from '../../model/toolSchema';
import { closest } from '../messages';
import { defineRules, type FileSpan, type RuleArea, type RuleContext } from '../rule';
import { malformedEnvelopeRule } from './malformedEnvelope';
import { notCheckedRule } from './notChecked';
import { parameterGrantsNothingRule } from './parameterGrantsNothing';
import { permissionGapTable } from '../../handlers/permissionGaps';
import { permissionGapFindings } from '../permissionGapFindings';
import { undeclaredPermissionRule } from './undeclaredPermission';
import { unknownArgumentRule } from './unknownArgument';
import { unusedSuppressionRule } from './unusedSuppression';

const definitions = defineRules([
  undeclaredPermissionRule,
  parameterGrantsNothingRule,
  unknownArgumentRule,
  malformedEnvelopeRule,
  notCheckedRule,
  unusedSuppressionRule,
]);

type Definitions = typeof definitions;

/** handlers: what a handler module's code does with what its manifest declares, reported in the handler. */
export const handlerRules: RuleArea<Definitions> = {
  rules: definitions,
  findingsIn: 'handlers',
  check(context) {
    const { files, schemaFacts } = context.files();
    const gaps = permissionGapTable(context.model.permissionsValue);
    // Two tools (or a hook and a command) may name one module: each finding in it is said once.
    const said = new Set<string>();
    const reportOnce: typeof context.reportIn = (code, span, data) => {
      const {
        jsonPath: _field,
        tool: _tool,
        filePath: _path,
        handler: _kind,
        schema: _schema,
        ...what
      } = data as Record<string, unknown>;
      const key = `${code}\0${span.file}\0${span.offset}\0${JSON.stringify(what)}`;
      if (said.has(key)) return;
      said.add(key);
      context.reportIn(code, span, data);
    };
    // What one module yields is the same for every entry that names it as the same kind of handler, and what its
    // arguments yield the same for every tool whose schema declares the same ones: each is looked at once, by the
    // first entry (whose tool the finding names), so a bundle that 200 tools name costs what one tool's does.
    const modulesSeen = new Set<string>();
    const argumentsSeen = new Set<string>();
    for (const file of files) {
      if (file.read !== 'handler') continue;
      const { reference, kind, relativePath } = file;
      const moduleKey = `${kind}\0${relativePath}`;
      const firstOfModule = !modulesSeen.has(moduleKey);
      modulesSeen.add(moduleKey);
      const at = (span: Span): FileSpan => ({ file: relativePath, ...span });
      if (firstOfModule)
        for (const { use, gap, data } of permissionGapFindings(gaps, file, reference)) {
          if (gap === 'undeclared') reportOnce('handlers.undeclared-permission', at(use.span), data);
          else reportOnce('handlers.parameter-grants-nothing', at(use.span), data);
        }
      const toolIndex = kind === 'tool' ? reference.toolIndex : undefined;
      // A tool's handler is always read (its arguments, its results); another only where a permission needed it.
      const facts = toolIndex !== undefined ? file.facts() : file.parsed();
      if (facts?.notChecked) {
        const { reason, detail } = facts.notChecked;
        const start = {
          offset: 0,
          length: 0,
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        };
        reportOnce('handlers.not-checked', at(start), {
          jsonPath: reference.jsonPath,
          filePath: reference.filePath,
          reason,
          ...(detail === undefined ? {} : { detail }),
        });
      }
      if (toolIndex === undefined || !facts?.handlerFound) continue;
      const tool = context.model.tools[toolIndex];
      const about: InToolHandler = {
        jsonPath: reference.jsonPath,
        tool: String(tool?.value.id ?? tool?.value.name ?? toolIndex),
      };
      const declared = schemaFacts.get(toolIndex)?.arguments;
      const argumentsKey = declared && `${relativePath}\0${declared.closed}\0${argumentNames(declared).join('\0')}`;
      const schema = tool?.value.schema;
      if (declared && typeof schema === 'string' && !argumentsSeen.has(argumentsKey!)) {
        argumentsSeen.add(argumentsKey!);
        checkArguments(reportOnce, { ...about, schema }, at, facts, declared);
      }
      if (firstOfModule)
        for (const { problem, span } of facts.envelopes)
          reportOnce('handlers.malformed-envelope', at(span), { ...about, problem });
    }
  },
};

/**
 * Each argument the handler reads that its tool's schema does not declare, where the schema says enough to tell: an
 * open schema too, since the model sends what the schema describes.
 */
function checkArguments(
  report: RuleContext<Definitions>['reportIn'],
  about: InToolHandler & { schema: string },
  at: (span: Span) => FileSpan,
  facts: HandlerFacts,
  declared: NonNullable<ToolSchemaFacts['arguments']>,
): void {
  const names = argumentNames(declared);
  for (const { name, span } of facts.argumentUses) {
    if (names.includes(name)) continue;
    const suggestion = closest(name, names);
    report('handlers.unknown-argument', at(span), {
      ...about,
      name,
      declared: names,
      ...(suggestion ? { suggestion } : {}),
      passedToFs: facts.fsPathArguments.includes(name),
    });
  }
}

function argumentNames(declared: NonNullable<ToolSchemaFacts['arguments']>): string[] {
  return declared.properties.map((property) => property.name);
}
