import { firstPropertyNode, keyNode, nodeAtPath, type JsonPath } from '../model/nodes';
import { own } from '../own';
import type { JsonNode } from '../parse/jsonNode';
import { resolveRef } from '../shape/schema';
import { areas, shapeFindings, type Area, type ShapeFinding } from '../shape/shapeFindings';
import { closest, didYouMean, field, listOf } from './messages';
import { addRequiredField, renameKey } from '../fixes/shared';
import type { AnyRule, RuleArea, RuleDefinition, ShapeData, Target } from './rule';
import { requiredExamples, unknownKeyExamples, wrongTypeExamples } from './shapeExamples';

type RequiredArea = Exclude<Area, 'hooks' | 'permissions'>;
/** The codes of the shape rules every area has: `tools.required`, `tools.wrong-type`, `tools.unknown-key`. */
export type ShapeCode = `${RequiredArea}.required` | `${Area}.wrong-type` | `${Area}.unknown-key`;

/**
 * Types, required fields and unknown keys, for every area, from the JSON Schema compiled at build
 * time. The rows with their own wording (kebab-case names, enums…) are declared in their areas' files.
 */
export const genericShapeRules: readonly RuleDefinition<ShapeCode, ShapeData>[] = areas.flatMap(
  (area): RuleDefinition<ShapeCode, ShapeData>[] => [
    // hooks name their missing handler as hooks.shape, and no permission field is required.
    ...(area === 'hooks' || area === 'permissions'
      ? []
      : [
          {
            code: `${area}.required` as const,
            severity: 'error' as const,
            description: `A field the reference marks as required in ${areaTitle(area)} is missing.`,
            fix: addRequiredField,
            examples: requiredExamples[area],
          },
        ]),
    {
      code: `${area}.wrong-type`,
      severity: 'error',
      description: `A field in ${areaTitle(area)} has the wrong JSON type.`,
      examples: wrongTypeExamples[area],
    },
    {
      code: `${area}.unknown-key`,
      severity: 'warning',
      description: `A key the reference does not define in ${areaTitle(area)}; often a typo (a "did you mean" is offered).`,
      decision:
        'A warning, not an error: the reference lists the fields it reads, and an unknown one is ignored by the app.',
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
      return `${name} must be ${expected}.${describe(schemaNode)}`;
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const where = finding.jsonPath.length === 0 ? 'the manifest' : name;
      const property = resolveRef(own(schemaNode.properties, missing));
      return `\`${missing}\` is required in ${where}.${describe(property)}`;
    }
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const where = finding.jsonPath.length === 0 ? 'at the top level' : `in ${name}`;
      return `Unknown key \`${key}\` ${where}: the reference does not define it, so it is ignored.${didYouMean(data.suggestion)}`;
    }
    case 'enum': {
      const allowed = (schemaNode.enum ?? []) as unknown[];
      const suggestion = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      return `${name} must be one of ${listOf(allowed)}.${didYouMean(suggestion)}`;
    }
    default:
      return `${name} is not valid here (${keyword}).${describe(schemaNode)}`;
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
