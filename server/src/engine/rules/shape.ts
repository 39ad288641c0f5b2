import { requiredRule as manifestRequired } from './manifest/required';
import { wrongTypeRule as manifestWrongType } from './manifest/wrongType';
import { unknownKeyRule as manifestUnknownKey } from './manifest/unknownKey';
import { requiredRule as toolsRequired } from './tools/required';
import { wrongTypeRule as toolsWrongType } from './tools/wrongType';
import { unknownKeyRule as toolsUnknownKey } from './tools/unknownKey';
import { requiredRule as actionsRequired } from './actions/required';
import { wrongTypeRule as actionsWrongType } from './actions/wrongType';
import { unknownKeyRule as actionsUnknownKey } from './actions/unknownKey';
import { requiredRule as settingsRequired } from './settings/required';
import { wrongTypeRule as settingsWrongType } from './settings/wrongType';
import { unknownKeyRule as settingsUnknownKey } from './settings/unknownKey';
import { wrongTypeRule as hooksWrongType } from './hooks/wrongType';
import { unknownKeyRule as hooksUnknownKey } from './hooks/unknownKey';
import { requiredRule as commandsRequired } from './commands/required';
import { wrongTypeRule as commandsWrongType } from './commands/wrongType';
import { unknownKeyRule as commandsUnknownKey } from './commands/unknownKey';
import { requiredRule as viewsRequired } from './views/required';
import { wrongTypeRule as viewsWrongType } from './views/wrongType';
import { unknownKeyRule as viewsUnknownKey } from './views/unknownKey';
import { wrongTypeRule as permissionsWrongType } from './permissions/wrongType';
import { unknownKeyRule as permissionsUnknownKey } from './permissions/unknownKey';
import { firstPropertyNode, keyNode, nodeAtPath, type JsonPath } from '../model/nodes';
import { own } from '../own';
import type { JsonNode } from '../parse/jsonNode';
import { shapeFindings, type ShapeFinding } from '../shape/shapeFindings';
import { closest, didYouMean, field, listOf, nameOf, quote, valueWords } from './messages';
import type { AnyRule, RuleArea, ShapeData, Target } from './rule';

/**
 * The types, required fields and unknown keys of every area, each defined in its area's folder (`tools/required.ts`),
 * in the order they are listed. The rows with their own wording (kebab-case names, enums…) are rules of their own.
 */
export const genericShapeRules = [
  manifestRequired,
  manifestWrongType,
  manifestUnknownKey,
  toolsRequired,
  toolsWrongType,
  toolsUnknownKey,
  actionsRequired,
  actionsWrongType,
  actionsUnknownKey,
  settingsRequired,
  settingsWrongType,
  settingsUnknownKey,
  hooksWrongType,
  hooksUnknownKey,
  commandsRequired,
  commandsWrongType,
  commandsUnknownKey,
  viewsRequired,
  viewsWrongType,
  viewsUnknownKey,
  permissionsWrongType,
  permissionsUnknownKey,
] as const;

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
