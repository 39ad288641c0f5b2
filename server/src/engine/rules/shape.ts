import { firstPropertyNode, keyNode, nodeAtPath, type JsonPath } from '../model/nodes';
import { own } from '../own';
import type { JsonNode } from '../parse/jsonNode';
import { areas, shapeFindings, type Area, type ShapeFinding } from '../shape/shapeFindings';
import { closest, didYouMean, field, listOf, nameOf, quote, valueWords } from './messages';
import { addRequiredField, renameKey } from '../fixes/shared';
import type { AnyRule, RuleArea, RuleDefinition, ShapeData, Target } from './rule';
import { requiredExamples, unknownKeyExamples, wrongTypeExamples } from './shapeExamples';
import { notInTheReference, type Grounded, type Quote } from './reference';

type RequiredArea = Exclude<Area, 'hooks' | 'permissions'>;
/** The codes of the shape rules every area has: `tools.required`, `tools.wrong-type`, `tools.unknown-key`. */
export type ShapeCode = `${RequiredArea}.required` | `${Area}.wrong-type` | `${Area}.unknown-key`;

/**
 * The reference's words for the fields each area requires (its tables' "yes", or a field written without "?"). Plain
 * data, which the bundles leave out with the rules' quotes.
 */
const requiredFieldsOf: Readonly<Record<RequiredArea, readonly [Quote, ...Quote[]]>> = {
  manifest: [
    { source: 'manifest-reference', section: 'Top level', words: 'name yes' },
    { source: 'manifest-reference', section: 'Top level', words: 'displayName yes free text, shown in Connect.' },
    { source: 'manifest-reference', section: 'Top level', words: 'version yes semver MAJOR.MINOR.PATCH' },
  ],
  tools: [
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'id yes the MCP tool name.',
    },
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'title, description yes description is what the model reads when choosing a tool.',
    },
    {
      source: 'manifest-reference',
      section: 'tools[] \u2014 MCP tools the agent can call',
      words: 'schema yes path to a JSON-Schema file for the tool\u2019s arguments',
    },
  ],
  actions: [
    { source: 'manifest-reference', section: 'actions[] \u2014 right-click AI actions', words: 'id yes kebab-case.' },
    {
      source: 'manifest-reference',
      section: 'actions[] \u2014 right-click AI actions',
      words: 'title, description yes shown in the context menu / action dialog.',
    },
    {
      source: 'manifest-reference',
      section: 'actions[] \u2014 right-click AI actions',
      words: 'scope yes "single-file", "multi-file", "folder", or an array of those.',
    },
  ],
  settings: [
    {
      source: 'manifest-reference',
      section: 'settings{} \u2014 the plugin\u2019s settings card',
      words:
        'Keyed by setting id. Each value: { type: "string" | "boolean" | "number" | "action" | "info", title, description?,',
    },
  ],
  commands: [
    {
      source: 'manifest-reference',
      section: 'commands[] \u2014 slash commands',
      words: '{ id, title, icon?, contexts?[], handler?, when?, fileExtensions?[] }.',
    },
  ],
  views: [
    {
      source: 'manifest-reference',
      section: 'views[] \u2014 plugin-contributed panels',
      words: '{ id, title, icon?, location?, definition? }.',
    },
  ],
};

/**
 * Types, required fields and unknown keys, for every area, from the JSON Schema compiled at build
 * time. The rows with their own wording (kebab-case names, enums…) are declared in their areas' files.
 */
export const genericShapeRules: readonly (RuleDefinition<ShapeCode, ShapeData> & Grounded)[] = areas.flatMap(
  (area): (RuleDefinition<ShapeCode, ShapeData> & Grounded)[] => [
    // hooks name their missing handler as hooks.shape, and no permission field is required.
    ...(area === 'hooks' || area === 'permissions'
      ? []
      : [
          {
            code: `${area}.required` as const,
            severity: 'error' as const,
            description: `A field the reference marks as required in ${areaTitle(area)} is missing.`,
            quotes: requiredFieldsOf[area],
            fix: addRequiredField,
            examples: requiredExamples[area],
          },
        ]),
    {
      code: `${area}.wrong-type`,
      severity: 'error',
      description: `A field in ${areaTitle(area)} has the wrong JSON type.`,
      decision:
        'The reference writes a field\u2019s type by its form ([] a list, { \u2026 } an object, a quoted value a string, true a flag), not in words: the manifest\u2019s JSON Schema writes each one down, and a value of another type is an error.',
      quotes: notInTheReference,
      examples: wrongTypeExamples[area],
    },
    {
      code: `${area}.unknown-key`,
      severity: 'warning',
      description: `A key the reference does not define in ${areaTitle(area)}; often a typo (a "did you mean" is offered).`,
      decision:
        'A warning, not an error: the reference lists the fields it reads, and an unknown one is ignored by the app.',
      quotes: notInTheReference,
      // Ignored by the app: shown faded.
      tags: ['unnecessary'],
      fix: renameKey,
      examples: unknownKeyExamples[area],
    },
  ],
);

function areaTitle(area: string): string {
  return area === 'manifest' ? 'the top level' : area === 'permissions' ? 'permissions' : `contributes.${area}`;
}

/** Runs the shape rules; `rules` is every registered rule, for their codes and wording. */
export function shapeArea(
  rules: ReadonlyMap<string, AnyRule>,
  others: readonly RuleArea[],
): RuleArea<typeof genericShapeRules> {
  return {
    rules: genericShapeRules,
    check({ model, reportShape }) {
      if (!model.document.root) return;
      for (const finding of shapeFindings(model.document.value)) {
        if (others.some((area) => area.explainsShapeFinding?.(finding, model))) continue;
        const target = targetOf(finding, model.document.root);
        if (!target) continue;
        reportShape(finding.code, target, () => {
          const value = valueAt(model.document.value, finding.jsonPath);
          const name = field(finding.jsonPath);
          const data = shapeDataOf(finding);
          const message =
            rules.get(finding.code)?.shapeMessage?.(finding, name, value) ?? genericMessage(finding, name, value, data);
          return { message, data };
        });
      }
    },
  };
}

function shapeDataOf(finding: ShapeFinding): ShapeData {
  if (finding.keyword === 'required')
    return { jsonPath: finding.jsonPath, missingField: String(finding.params.missingProperty) };
  if (finding.keyword === 'additionalProperties') {
    const key = String(finding.params.additionalProperty);
    const suggestion = closest(key, Object.keys(finding.schemaNode.properties ?? {}));
    return { jsonPath: [...finding.jsonPath, key], ...(suggestion ? { suggestion } : {}) };
  }
  return { jsonPath: finding.jsonPath };
}

/** The key for an unknown key; the object's key (or its opening brace) for a missing field; the value otherwise. */
function targetOf(finding: ShapeFinding, root: JsonNode): Target | undefined {
  const node = nodeAtPath(root, finding.jsonPath);
  if (!node) return undefined;
  if (finding.keyword === 'additionalProperties') {
    const key = String(finding.params.additionalProperty);
    // The first property of that key, as ajv reports an unknown key once (a duplicate is json.duplicate-key's).
    const property = firstPropertyNode(node, key);
    return property ? keyNode(property) : node;
  }
  if (finding.keyword === 'required') {
    const parent = node.parent;
    if (parent?.type === 'property') return keyNode(parent);
    return { offset: node.offset, length: 1 };
  }
  return node;
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** What a value is, as a message says it: "a string", "an array", "null". */
function typeOfValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  return own(typeNames, typeof value) ?? typeof value;
}

/**
 * The message of a shape finding no rule words itself; `data` is its data (an unknown key's suggestion is found once,
 * for both).
 */
function genericMessage(finding: ShapeFinding, name: string, value: unknown, data: ShapeData): string {
  const { keyword, params, schemaNode } = finding;
  switch (keyword) {
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((t) => own(typeNames, t) ?? t)
        .join(' or ');
      return `${name} must be ${expected}, not ${typeOfValue(value)}.`;
    }
    case 'required': {
      // The field's description is left to the editor's completion and hover: after a message it reads as a fragment.
      const where = finding.jsonPath.length === 0 ? 'The manifest' : name;
      return `${where} has no ${nameOf(String(params.missingProperty))}, which is required.`;
    }
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const where = finding.jsonPath.length === 0 ? 'at the top level' : `in ${name}`;
      return `Unknown key ${nameOf(key)} ${where}, which Filer ignores.${didYouMean(data.suggestion, nameOf)}`;
    }
    case 'enum': {
      const allowed = (schemaNode.enum ?? []) as unknown[];
      const suggestion = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      return `${name} must be one of ${listOf(allowed)}, not ${valueWords(value)}.${didYouMean(suggestion, quote)}`;
    }
    default:
      return `${name} is not valid here.${describe(schemaNode)}`;
  }
}

function describe(schemaNode: { description?: string } | undefined): string {
  const text = schemaNode?.description?.replace(/^Required\.\s*/, '');
  if (!text) return '';
  const sentence = firstSentence(text);
  return ` ${sentence[0].toUpperCase()}${sentence.slice(1)}`;
}

/**
 * Up to the first full stop that ends a sentence: not one inside brackets ("{ name, url? }"), not an
 * abbreviation ("e.g."), and followed by the end or by a word that does not go on in lower case.
 */
function firstSentence(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth = Math.max(0, depth - 1);
    else if (
      depth === 0 &&
      '.!?'.includes(char) &&
      !/\b(e\.g|i\.e)$/.test(text.slice(0, i)) &&
      /^(\s+[^a-z\s]|\s*$)/.test(text.slice(i + 1))
    ) {
      return text.slice(0, i + 1);
    }
  }
  return text;
}
