import type { SchemaFileData } from './shared';
import { defineRule } from '../rule';
import { nameOf, quote } from '../messages';

export const decision =
  'A hint on properties named path, file, filePath, dir, folder, …Path, …File, …Dir of string type. Local $refs ("#/$defs/filePath", "#/definitions/…", "#anchor") are followed, with a cycle guard; a $ref to another file or a URL never is, so the format behind it is not seen.';

export const pathWithoutFormatRule = defineRule({
  code: 'tools.path-without-format',
  severity: 'hint',
  description:
    'A path passed under a schema property without "format": "file-path" (or "directory-path") gets no grant, so only a static rule could admit it.',
  message: ({ filePath, property }: SchemaFileData & { property: string }) =>
    `Property ${nameOf(property)} of ${quote(filePath)} looks like a path but has no \`format\` "file-path" or "directory-path". ` +
    'A path passed there is granted no access, so only a static pattern could admit it.',
});
