import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { maxRefChain } from '../../model/toolSchema';
import { nameOf, quote } from '../messages';

export const schemaRefChainRule = defineRule({
  code: 'tools.schema-ref-chain',
  severity: 'warning',
  description: 'A $ref chain in a tool\u2019s schema file that the path-format checks do not follow to its end.',
  decision: `The reference sets no limit. A chain of local $refs is followed ${maxRefChain} links at most (real schemas have one or two), so that a schema of thousands of links cannot stall or overflow the checks; past that, a "format" or a path-like property behind it is not seen, and this warning says so.`,
  message: ({ filePath, property, limit }: SchemaFileData & { property: string; limit: number }) =>
    `${property === '' ? 'The root' : `Property ${nameOf(property)}`} of ${quote(filePath)} is a chain of more than ${limit} \`$ref\` links. ` +
    'The checks follow it no further, so a `format` "file-path" behind it is not seen.',
});
