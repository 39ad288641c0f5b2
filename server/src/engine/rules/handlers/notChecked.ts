import type { JsonPath } from '../../model/nodes';
import type { NotParsed } from '../../handlers/parseModule';
import { defineRule } from '../rule';
import { notCheckedWords } from './shared';
import { capitalized, quote } from '../messages';

export const decision =
  'Not a rule of the reference: what a handler does is read from its syntax tree, and a tree is made at a cost linear in the text or not at all. A module nesting thousands of levels deep (generated code) overflows a parser that descends once per level; a half-typed module is read by the error-tolerant parser within a budget of tokens four times its length; a parser\u2019s own failure is a fault of this tool, never of the module, and its words are given so that it can be reported. Information: nothing in the module is said to be wrong; said only where a rule needed to read the code.';

export const notCheckedRule = defineRule({
  code: 'handlers.not-checked',
  severity: 'information',
  description:
    'A handler module whose code the checks could not read to its end: it nests too deeply for the parser, its syntax errors would cost more than the budget its size allows, or the parse failed. Nothing in it is checked against the manifest, and this says so, at its start.',
  message: ({
    filePath,
    reason,
    detail,
  }: {
    jsonPath: JsonPath;
    filePath: string;
    reason: NotParsed;
    detail?: string;
  }) =>
    `${quote(filePath)} was not read to its end, so what its code does with \`ctx\` and its arguments is not checked against the manifest. ` +
    `${capitalized(notCheckedWords(reason, detail))}.`,
});
