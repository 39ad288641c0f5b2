import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

export const decision =
  'Not in the reference. A pointer names one value (or its key) of the manifest: "/contributes/tools/0/id"; an array item by its index. A pointer that is not one is an error, and the suppression is not used; one that names nothing in the manifest (it changed since) is config.unused-suppression.';

export const pointerRule = defineRule({
  code: 'config.pointer',
  severity: 'error',
  description:
    'A suppression’s at is not a JSON pointer (RFC 6901: "" or /-separated segments, ~0 for ~ and ~1 for /).',
  message: ({ jsonPath, pointer, why }: { jsonPath: JsonPath; pointer: string; why: string }) =>
    `${field(jsonPath)} ${quote(pointer)} ${why}, so this suppression silences nothing. Write the JSON pointer of the value at fault, such as "/contributes/tools/0/id".`,
});
