import { addRequiredField, renameKey } from '../fixes/shared';
import type { Area } from '../shape/shapeFindings';
import { defineRule } from './rule';

/** The areas with a required field (hooks name their missing handler as hooks.shape, and no permission is required). */
type RequiredArea = Exclude<Area, 'hooks' | 'permissions'>;
/** The codes of the shape rules every area has: `tools.required`, `tools.wrong-type`, `tools.unknown-key`. */
export type ShapeCode = `${RequiredArea}.required` | `${Area}.wrong-type` | `${Area}.unknown-key`;

/**
 * The rules of types, required fields and unknown keys that every area has, found by the JSON Schema compiled at
 * build time (shape.ts reports them). Each area's folder defines its own with these: `tools/required.ts` is
 * `tools.required`. The rows with their own wording (kebab-case names, enums…) are rules of their own.
 */
export function genericRequired<const A extends RequiredArea>(area: A) {
  return defineRule({
    code: `${area}.required`,
    severity: 'error',
    description: `A field the reference marks as required in ${areaTitle(area)} is missing.`,
    fix: addRequiredField,
  });
}

/** The decision of every `<area>.wrong-type` (each area's wrongType.ts exports it as its `decision`). */
export const wrongTypeDecision =
  'The reference writes a field\u2019s type by its form ([] a list, { \u2026 } an object, a quoted value a string, true a flag), not in words: the manifest\u2019s JSON Schema writes each one down, and a value of another type is an error.';

/** `<area>.wrong-type`: a field of the wrong JSON type. */
export function genericWrongType<const A extends Area>(area: A) {
  return defineRule({
    code: `${area}.wrong-type`,
    severity: 'error',
    description: `A field in ${areaTitle(area)} has the wrong JSON type.`,
  });
}

/** The decision of every `<area>.unknown-key` (each area's unknownKey.ts exports it as its `decision`). */
export const unknownKeyDecision =
  'A warning, not an error: the reference lists the fields it reads, and an unknown one is ignored by the app.';

/** `<area>.unknown-key`: a key the reference does not define. */
export function genericUnknownKey<const A extends Area>(area: A) {
  return defineRule({
    code: `${area}.unknown-key`,
    severity: 'warning',
    description: `A key the reference does not define in ${areaTitle(area)}; often a typo (a "did you mean" is offered).`,
    // Ignored by the app: shown faded.
    tags: ['unnecessary'],
    fix: renameKey,
  });
}

function areaTitle(area: string): string {
  return area === 'manifest' ? 'the top level' : area === 'permissions' ? 'permissions' : `contributes.${area}`;
}
