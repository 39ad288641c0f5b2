import { releaseErrors, validate as validateShapeGenerated } from './generated/manifestShape';
import type { SchemaNode } from './schema';
import type { JsonPath } from '../model/nodes';

/** One broken shape rule, already reduced from ajv's raw errors and tied to a rule code. */
export interface ShapeFinding {
  code: string;
  keyword: string;
  /** Instance path of the value at fault (for `required`: the object missing the field). */
  jsonPath: JsonPath;
  params: Record<string, unknown>;
  /** The schema node that holds the failing keyword. */
  schemaNode: SchemaNode;
}

/** ajv's error with `verbose: true`: `parentSchema` is the schema node that holds the failing keyword. */
interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: SchemaNode;
}

/** Runs the schema compiled at build time and keeps one finding per broken rule. */
export function shapeFindings(value: unknown): ShapeFinding[] {
  const validate = validateShapeGenerated as ((data: unknown) => boolean) & { errors?: AjvError[] | null };
  const valid = validate(value);
  const errors = valid ? [] : (validate.errors ?? []).filter((error) => error.keyword !== 'if');
  // Also after a success: a branch tried and left (an if, an anyOf) keeps its errors too.
  releaseErrors();
  if (valid) return [];
  const typeErrorPaths = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const seen = new Set<string>();
  const findings: ShapeFinding[] = [];
  for (const error of errors) {
    // A value of the wrong type breaks one rule; its enum or pattern would only repeat it.
    if (error.keyword !== 'type' && typeErrorPaths.has(error.instancePath)) continue;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const holder = error.parentSchema ?? {};
    const jsonPath = instancePath(error.instancePath, value);
    findings.push({
      code: codeOn(holder, error.keyword) ?? `${areaOf(jsonPath)}.${genericRules[error.keyword] ?? 'shape'}`,
      keyword: error.keyword,
      jsonPath,
      params: error.params,
      schemaNode: holder,
    });
  }
  return findings;
}

/**
 * The rule code the schema node holding a failing keyword names: `x-code`, or `x-code-required` for a missing field.
 */
function codeOn(node: SchemaNode, keyword: string): string | undefined {
  if (keyword === 'required') return node['x-code-required'];
  const annotation = node['x-code'];
  if (typeof annotation === 'string') return keyword === 'additionalProperties' ? undefined : annotation;
  return annotation?.[keyword];
}

/** Where no `x-code` names the rule, the area of the field and the kind of rule do: `tools.required`. */
const genericRules: Record<string, string> = {
  type: 'wrong-type',
  required: 'required',
  additionalProperties: 'unknown-key',
};

const areas = ['manifest', 'tools', 'actions', 'settings', 'hooks', 'commands', 'views', 'permissions'] as const;
export type Area = (typeof areas)[number];

/** The reference's section a field belongs to, from its path. */
function areaOf(path: JsonPath): Area {
  if (path[0] === 'permissions') return 'permissions';
  if (path[0] === 'contributes' && typeof path[1] === 'string' && (areas as readonly string[]).includes(path[1])) {
    return path[1] as Area;
  }
  return 'manifest';
}

/** `/contributes/tools/0/id` → ["contributes", "tools", 0, "id"], numbers only where the value is an array. */
function instancePath(pointer: string, root: unknown): JsonPath {
  if (pointer === '') return [];
  const path: JsonPath = [];
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      const index = Number(segment);
      path.push(index);
      current = current[index];
    } else {
      path.push(segment);
      current =
        current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
    }
  }
  return path;
}
