import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { maxRefChain } from '../../model/toolSchema';
import { nameOf, quote } from '../messages';

// Marked pure: esbuild keeps a template that reads a constant even where it is not used (the server's bundle),
// lest its substitution's toString do something.
export const decision = /* @__PURE__ */ (() =>
  `The reference sets no limit. A chain of local $refs is followed ${maxRefChain} links at most (real schemas have one or two), so that a schema of thousands of links cannot stall or overflow the checks; past that, a "format" or a path-like property behind it is not seen, and this warning says so.`)();

export const schemaRefChainRule = defineRule({
  code: 'tools.schema-ref-chain',
  severity: 'warning',
  description: 'A $ref chain in a tool\u2019s schema file that the path-format checks do not follow to its end.',
  message: ({ filePath, property, limit }: SchemaFileData & { property: string; limit: number }) =>
    `${property === '' ? 'The root' : `Property ${nameOf(property)}`} of ${quote(filePath)} is a chain of more than ${limit} \`$ref\` links. ` +
    'The checks follow it no further, so a `format` "file-path" behind it is not seen.',
});
