import { arrayItems, valueNode } from '../../model/nodes';
import { globCharacter, withoutPlaceholders, withoutTrailingGlob, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';
import { replaceWithReplacement } from '../../fixes/shared';

export const decision =
  'A warning with the directory as the fix when the glob is only at the end ("${dataDir}/exports/**" → "${dataDir}/exports"): a glob entry matches only a directory named like it.';

export const listStaticGlobRule = defineRule({
  code: 'permissions.list-static-glob',
  severity: 'warning',
  description:
    'fs.list static entries are directory paths matched by prefix (a listed directory covers everything below it), not globs.',
  message: ({ entry, replacement }: At & { entry: string; replacement?: string }) =>
    `\`permissions.fs.list.static\` entry ${quote(entry)} is a glob, but these entries are folder paths matched by prefix, not globs. ` +
    `A listed folder covers everything below it${replacement ? `: write ${quote(replacement)}` : ''}.`,
  fix: replaceWithReplacement,
  check: {
    // fs.list matches static entries by prefix: a glob there names a directory nobody has.
    manifest({ model, report }) {
      const list = valueNode(valueNode(model.permissions, 'fs'), 'list');
      arrayItems(valueNode(list, 'static')).forEach((entry, index) => {
        if (typeof entry.value !== 'string' || !globCharacter.test(withoutPlaceholders(entry.value))) return;
        const directory = withoutTrailingGlob(entry.value);
        const replacement = directory && !globCharacter.test(withoutPlaceholders(directory)) ? directory : undefined;
        report(entry, {
          jsonPath: ['permissions', 'fs', 'list', 'static', index],
          entry: entry.value,
          ...(replacement ? { replacement } : {}),
        });
      });
    },
  },
});
