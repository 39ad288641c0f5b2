import { defineRule } from '../rule';

export const decision =
  'No real manifest nests this deep; the limit keeps the parsers from exhausting the stack. A container that opens past it is read as empty, and the rest of the manifest is validated. An error although the loader may read it: nothing below the limit is checked, so a CI run must not pass it.';

export const tooDeepRule = defineRule({
  code: 'json.too-deep',
  severity: 'error',
  description: 'Nesting deeper than 512 levels is not validated.',
  message: ({ limit }: { limit: string }) =>
    `This value nests deeper than ${limit} levels: what it holds is not validated (it is read as empty).`,
});
