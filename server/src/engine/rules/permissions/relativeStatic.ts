import { arrayItems, valueNode } from '../../model/nodes';
import { isRelativeStaticPattern, withoutTrailingGlob, type At } from './shared';
import { defineRule } from '../rule';
import { quote } from '../messages';
import { replaceWithReplacement } from '../../fixes/shared';

export const decision =
  'A pattern beginning with "~" counts as relative: the reference names only absolute paths and ${dataDir}, and does not say "~" is expanded.';

export const relativeStaticRule = defineRule({
  code: 'permissions.relative-static',
  severity: 'warning',
  description:
    'Relative static fs patterns are resolved against the app process\u2019s working directory, not the plugin\u2019s directory: write "${dataDir}/cache/**" or an absolute path. Patterns beginning with * are matched as globs without resolution.',
  message: ({ pattern, replacement }: At & { pattern: string; replacement?: string }) => {
    const relative = `Static pattern ${quote(pattern)} is relative, so Filer resolves it against the app process's working directory, not the plugin's directory.`;
    // No replacement for "~": the home folder is not known here, and "${dataDir}/~/x" is not what the author meant.
    return replacement === undefined
      ? `${relative} A pattern that starts with "~" is neither absolute nor in the plugin's data directory: write an absolute path, or one that starts with "\${dataDir}/".`
      : `${relative} Write ${quote(replacement)}, in the plugin's data directory, or an absolute path.`;
  },
  fix: replaceWithReplacement,
  check: {
    manifest({ model, report }) {
      const fs = valueNode(model.permissions, 'fs');
      for (const access of ['read', 'write', 'list'])
        arrayItems(valueNode(valueNode(fs, access), 'static')).forEach((pattern, index) => {
          if (typeof pattern.value !== 'string' || !isRelativeStaticPattern(pattern.value)) return;
          const jsonPath = ['permissions', 'fs', access, 'static', index];
          if (pattern.value.startsWith('~')) {
            report(pattern, { jsonPath, pattern: pattern.value });
            return;
          }
          // An fs.list entry is a directory: its fix drops a trailing glob too (permissions.list-static-glob).
          const relative = access === 'list' ? withoutTrailingGlob(pattern.value) : pattern.value;
          report(pattern, {
            jsonPath,
            pattern: pattern.value,
            replacement: '${dataDir}/' + relative.replace(/^(\.\/)+/, ''),
          });
        });
    },
  },
});
