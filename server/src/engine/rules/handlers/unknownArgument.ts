import type { Fix } from '../../fixes/fix';
import { schemaArgumentFix, schemaArgumentTitle } from '../../fixes/schemaArgument';
import { declaredWords, type UnknownArgument } from './shared';
import { defineRule } from '../rule';
import { didYouMean, nameOf, quote } from '../messages';

/**
 * The argument declared in the tool's schema file, as a string (a file path where the handler passes it to ctx.fs).
 * Not the preferred fix where the name is one typo away from a declared one: the handler is then more likely wrong.
 */
const addArgumentToSchema: Fix<UnknownArgument> = ({ name, schema, passedToFs, suggestion }) =>
  schemaArgumentFix(schemaArgumentTitle(name, schema, passedToFs), schema, name, passedToFs, suggestion === undefined);

export const decision =
  'Only where the schema\u2019s top level shows its properties (no allOf, anyOf, oneOf, if or other $ref there). Every other name is reported, whether the schema is closed (additionalProperties: false) or open: the model sends the arguments the schema describes, so one it does not describe arrives undefined. Only the first property read of the arguments (args.a.b: a). Hover on an argument shows its schema property and completion after args. offers the schema\u2019s properties (those written as identifiers), only for a module exactly one tool names: for several, which schema is meant is not known.';

export const unknownArgumentRule = defineRule({
  code: 'handlers.unknown-argument',
  severity: 'warning',
  description:
    "A tool handler reads an argument its tool's schema does not declare: the agent is given the schema's properties, so it never passes this one.",
  message: ({ tool, name, declared, suggestion }: UnknownArgument) =>
    `${nameOf(name)} is not an argument of tool ${quote(tool)}, so the agent never passes it. Its schema declares ${declaredWords(declared)}.${didYouMean(suggestion, nameOf)}`,
  fix: addArgumentToSchema,
});
